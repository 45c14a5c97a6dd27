package dev.querydriven.modelcheck;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.SyntaxError;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.cql.CqlParseException;
import dev.querydriven.modelcheck.cql.CqlStatement;

/**
 * A catalogued statement, parsed by the model check and prepared by the node: the node's
 * answer (its metadata, or its refusal) is the first evidence, the parsed structure the
 * second.
 */
final class CataloguedStatement {

	/** Refusals that mean the model cannot serve the query, not that the CQL is wrong. */
	private static final List<String> MODEL_REFUSALS = List.of("allow filtering", "allow_filtering", "restrict",
			"order by", "non-primary-key", "secondary index", "guardrail", "clustering", "partition key");

	private final AccessPattern pattern;

	private final String keyspace;

	private final Function<CqlStatement.TableName, String> naming;

	private final CqlStatement parsed;

	private final String parseError;

	private final PreparedStatement prepared;

	private final String refusal;

	private final boolean unusable;

	private CataloguedStatement(AccessPattern pattern, String keyspace, Function<CqlStatement.TableName, String> naming,
			CqlStatement parsed, String parseError, PreparedStatement prepared, String refusal, boolean unusable) {
		this.pattern = pattern;
		this.keyspace = keyspace;
		this.naming = naming;
		this.parsed = parsed;
		this.parseError = parseError;
		this.prepared = prepared;
		this.refusal = refusal;
		this.unusable = unusable;
	}

	/**
	 * Parses and prepares a catalogued statement.
	 * @param pattern the access pattern
	 * @param session a session on the node
	 * @param keyspace the keyspace its unqualified names resolve against
	 * @param naming the report's name of a table the statement names
	 * @return the statement, with the node's answer
	 */
	static CataloguedStatement of(AccessPattern pattern, CqlSession session, String keyspace,
			Function<CqlStatement.TableName, String> naming) {
		CqlStatement parsed = null;
		String parseError = null;
		try {
			parsed = CqlStatement.parse(pattern.cql());
		}
		catch (CqlParseException ex) {
			parseError = ex.getMessage();
		}
		try {
			return new CataloguedStatement(pattern, keyspace, naming, parsed, parseError,
					session.prepare(statement(pattern, session, keyspace)), null, false);
		}
		catch (SyntaxError | UnauthorizedException ex) {
			return new CataloguedStatement(pattern, keyspace, naming, parsed, parseError, null, ex.getMessage(), true);
		}
		catch (InvalidQueryException ex) {
			String message = ex.getMessage();
			String lower = message.toLowerCase(Locale.ROOT);
			boolean modelRefusal = MODEL_REFUSALS.stream().anyMatch(lower::contains) && !lower.contains("undefined")
					&& !lower.contains("does not exist") && !lower.contains("unconfigured");
			return new CataloguedStatement(pattern, keyspace, naming, parsed, parseError, null, message, !modelRefusal);
		}
	}

	private static SimpleStatement statement(AccessPattern pattern, CqlSession session, String keyspace) {
		SimpleStatement statement = SimpleStatement.newInstance(pattern.cql());
		CqlIdentifier target = CqlIdentifier.fromInternal(keyspace);
		boolean sessionInKeyspace = session.getKeyspace().map(target::equals).orElse(false);
		return sessionInKeyspace ? statement : statement.setKeyspace(target);
	}

	AccessPattern pattern() {
		return this.pattern;
	}

	String id() {
		return this.pattern.id();
	}

	/** The keyspace the statement's unqualified names resolve against. */
	String keyspace() {
		return this.keyspace;
	}

	/**
	 * The report's name of a table this statement (or one inside its batch) names.
	 * @param target the table as written
	 * @return the name in the report
	 */
	String nameOf(CqlStatement.TableName target) {
		return this.naming.apply(target);
	}

	/** The parsed statement, or empty when the parser could not read it. */
	Optional<CqlStatement> parsed() {
		return Optional.ofNullable(this.parsed);
	}

	Optional<String> parseError() {
		return Optional.ofNullable(this.parseError);
	}

	/** The node's prepared statement, or empty when it refused the statement. */
	Optional<PreparedStatement> prepared() {
		return Optional.ofNullable(this.prepared);
	}

	/** The node's error message when it refused to prepare the statement. */
	Optional<String> refusal() {
		return Optional.ofNullable(this.refusal);
	}

	/**
	 * Whether the node refused the statement as wrong CQL (syntax, unknown table or
	 * column, types) rather than as a query the model cannot serve.
	 */
	boolean unusable() {
		return this.unusable;
	}

	/** The table the statement uses: from its text when parsed, else as declared. */
	String table() {
		return parsed().flatMap(CqlStatement::target).map(this.naming).orElse(this.pattern.table());
	}

	/** The statement's kind, e.g. {@code SELECT}. */
	String kind() {
		if (this.parsed instanceof CqlStatement.Select) {
			return "SELECT";
		}
		if (this.parsed instanceof CqlStatement.Insert) {
			return "INSERT";
		}
		if (this.parsed instanceof CqlStatement.Update) {
			return "UPDATE";
		}
		if (this.parsed instanceof CqlStatement.Delete) {
			return "DELETE";
		}
		if (this.parsed instanceof CqlStatement.Batch batch) {
			return batch.type().name() + " BATCH";
		}
		if (this.parsed instanceof CqlStatement.Other other) {
			return other.keyword();
		}
		String cql = this.pattern.cql().stripLeading();
		int space = cql.indexOf(' ');
		return ((space > 0) ? cql.substring(0, space) : cql).toUpperCase(Locale.ROOT);
	}

	boolean isRead() {
		return "SELECT".equals(kind());
	}

	/**
	 * Whether the statement is a lightweight transaction ({@code IF NOT EXISTS},
	 * {@code IF EXISTS}, {@code IF column = ...}); false when the parser could not read
	 * the statement.
	 */
	boolean conditional() {
		return parsed().map(CqlStatement::conditional).orElse(false);
	}

	/**
	 * Whether the statement reads the table it names: a {@code SELECT}, or a lightweight
	 * transaction, whose condition Paxos decides by reading the row on the replicas (a
	 * write that does not apply answers the row it found).
	 */
	boolean readsItsTable() {
		return isRead() || conditional();
	}

}
