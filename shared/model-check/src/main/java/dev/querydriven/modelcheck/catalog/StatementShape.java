package dev.querydriven.modelcheck.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The shape of a CQL statement: what decides which partitions it touches and what it
 * does, without the details a library renders its own way. Two statements with the same
 * shape are the same query (or write) for the catalogue, however they are spelled.
 *
 * <p>
 * The shape keeps: the kind ({@code SELECT}, {@code INSERT}, ...), the table, every
 * restriction of the {@code WHERE} clause as column and operator ({@code user_id =},
 * {@code (order_time, order_id) <}, {@code status IN}), the lightweight-transaction
 * condition ({@code IF NOT EXISTS}, {@code IF status = AND version =}), whether a
 * {@code LIMIT} bounds it, the {@code ORDER BY}, whether it sets a TTL, and the columns
 * an {@code INSERT} or {@code UPDATE} writes or a {@code DELETE} removes. It ignores what
 * a {@code SELECT} selects ({@code SELECT *} and a column list read the same partitions),
 * the values (bind markers or literals), the keyspace qualifier, spacing and case.
 *
 * <p>
 * {@link #covers(StatementShape)} decides whether an executed statement is the catalogued
 * one: the same shape, except that an {@code INSERT} or {@code UPDATE} may write fewer
 * columns than catalogued (Spring Data leaves out the columns whose value is
 * {@code null}, so that no tombstone is written for them).
 *
 * @param kind the statement kind
 * @param table the table, unqualified and normalized (unquoted names lower-cased)
 * @param restrictions the {@code WHERE} clause's restrictions, e.g. {@code user_id =}
 * @param condition the {@code IF} clause: {@code NOT EXISTS}, {@code EXISTS}, or its
 * conditions ({@code status =}); empty for a statement without one
 * @param limited whether a {@code LIMIT} or {@code PER PARTITION LIMIT} bounds it
 * @param orderBy the {@code ORDER BY} clause, e.g. {@code [post_time DESC]}
 * @param ttl whether it sets a TTL ({@code USING TTL})
 * @param columns the columns an {@code INSERT} or {@code UPDATE} writes, or a
 * {@code DELETE} removes (empty for a whole row); empty for a {@code SELECT}
 */
public record StatementShape(Kind kind, String table, Set<String> restrictions, Set<String> condition, boolean limited,
		List<String> orderBy, boolean ttl, Set<String> columns) {

	public StatementShape {
		restrictions = Set.copyOf(restrictions);
		condition = Set.copyOf(condition);
		orderBy = List.copyOf(orderBy);
		columns = Set.copyOf(columns);
	}

	/**
	 * Reads a statement's shape.
	 * @param cql the statement
	 * @return its shape ({@link Kind#OTHER} for statements that are no query or write)
	 */
	public static StatementShape of(String cql) {
		return new Parser(tokenize(cql)).parse();
	}

	/**
	 * Whether this (catalogued) shape covers an executed statement's shape.
	 * @param executed the executed statement's shape
	 * @return {@code true} when they are the same query or write
	 */
	public boolean covers(StatementShape executed) {
		boolean sameColumns = switch (this.kind) {
			case INSERT, UPDATE -> this.columns.containsAll(executed.columns);
			default -> this.columns.equals(executed.columns);
		};
		return this.kind == executed.kind && this.table.equals(executed.table)
				&& this.restrictions.equals(executed.restrictions) && this.condition.equals(executed.condition)
				&& this.limited == executed.limited && this.orderBy.equals(executed.orderBy) && this.ttl == executed.ttl
				&& sameColumns;
	}

	/**
	 * Whether the statement is a lightweight transaction.
	 * @return {@code true} when it has an {@code IF} clause
	 */
	public boolean conditional() {
		return !this.condition.isEmpty();
	}

	/**
	 * The shape in words, for failure messages.
	 * @return e.g. {@code SELECT orders_by_user WHERE {user_id =} LIMIT}
	 */
	public String describe() {
		StringBuilder text = new StringBuilder(this.kind.name()).append(' ').append(this.table);
		if (!this.columns.isEmpty()) {
			text.append(' ').append(new TreeSet<>(this.columns));
		}
		if (!this.restrictions.isEmpty()) {
			text.append(" WHERE ").append(new TreeSet<>(this.restrictions));
		}
		if (!this.condition.isEmpty()) {
			text.append(" IF ").append(new TreeSet<>(this.condition));
		}
		if (!this.orderBy.isEmpty()) {
			text.append(" ORDER BY ").append(this.orderBy);
		}
		if (this.limited) {
			text.append(" LIMIT");
		}
		if (this.ttl) {
			text.append(" TTL");
		}
		return text.toString();
	}

	/**
	 * The kinds of statement.
	 */
	public enum Kind {

		SELECT, INSERT, UPDATE, DELETE, BATCH, OTHER

	}

	private static List<String> tokenize(String cql) {
		List<String> tokens = new ArrayList<>();
		int index = 0;
		int length = cql.length();
		while (index < length) {
			char c = cql.charAt(index);
			if (Character.isWhitespace(c) || c == ';') {
				index++;
			}
			else if ((c == '-' && cql.startsWith("--", index)) || (c == '/' && cql.startsWith("//", index))) {
				int newline = cql.indexOf('\n', index);
				index = (newline < 0) ? length : newline + 1;
			}
			else if (c == '/' && cql.startsWith("/*", index)) {
				int close = cql.indexOf("*/", index + 2);
				index = (close < 0) ? length : close + 2;
			}
			else if (c == '\'' || c == '"') {
				int end = index + 1;
				while (end < length) {
					if (cql.charAt(end) == c) {
						if (end + 1 < length && cql.charAt(end + 1) == c) {
							end += 2;
							continue;
						}
						break;
					}
					end++;
				}
				// A quoted name keeps its case; a literal is just a value.
				tokens.add((c == '"') ? "\"" + cql.substring(index + 1, Math.min(end, length)) : "'");
				index = end + 1;
			}
			else if (Character.isLetterOrDigit(c) || c == '_'
					|| c == '.' && index + 1 < length && Character.isDigit(cql.charAt(index + 1))) {
				int end = index;
				while (end < length && (Character.isLetterOrDigit(cql.charAt(end)) || cql.charAt(end) == '_'
						|| (Character.isDigit(c) && (cql.charAt(end) == '.' || cql.charAt(end) == '-')))) {
					end++;
				}
				tokens.add(cql.substring(index, end).toLowerCase(Locale.ROOT));
				index = end;
			}
			else if ((c == '<' || c == '>' || c == '!') && index + 1 < length && cql.charAt(index + 1) == '=') {
				tokens.add(c + "=");
				index += 2;
			}
			else if (c == ':') {
				int end = index + 1;
				while (end < length && (Character.isLetterOrDigit(cql.charAt(end)) || cql.charAt(end) == '_')) {
					end++;
				}
				tokens.add("?");
				index = end;
			}
			else {
				tokens.add(String.valueOf(c));
				index++;
			}
		}
		return tokens;
	}

	/** A small recursive-descent reader of the clauses the shape keeps. */
	private static final class Parser {

		private static final Set<String> OPERATORS = Set.of("=", "<", ">", "<=", ">=", "!=", "in", "contains", "like");

		private final List<String> tokens;

		private int position;

		Parser(List<String> tokens) {
			this.tokens = tokens;
		}

		StatementShape parse() {
			String first = peek();
			return switch (first) {
				case "select" -> select();
				case "insert" -> insert();
				case "update" -> update();
				case "delete" -> delete();
				case "begin", "apply" -> other(Kind.BATCH);
				default -> other(Kind.OTHER);
			};
		}

		private StatementShape other(Kind kind) {
			return new StatementShape(kind, "", Set.of(), Set.of(), false, List.of(), false, Set.of());
		}

		private StatementShape select() {
			skipTo("from");
			expect("from");
			String table = tableName();
			Set<String> where = Set.of();
			List<String> orderBy = new ArrayList<>();
			boolean limited = false;
			while (!atEnd()) {
				String word = next();
				switch (word) {
					case "where" -> where = relations();
					case "order" -> {
						expect("by");
						orderBy = orderings();
					}
					case "limit" -> {
						limited = true;
						next();
					}
					default -> {
						// PER PARTITION LIMIT, ALLOW FILTERING, GROUP BY: kept only
						// as far as LIMIT matters.
					}
				}
			}
			return new StatementShape(Kind.SELECT, table, where, Set.of(), limited, orderBy, false, Set.of());
		}

		private StatementShape insert() {
			expect("insert");
			expect("into");
			String table = tableName();
			Set<String> columns = new TreeSet<>();
			if (peekIs("(")) {
				next();
				while (!atEnd() && !peekIs(")")) {
					String token = next();
					if (!token.equals(",")) {
						columns.add(name(token));
					}
				}
				next();
			}
			Set<String> condition = Set.of();
			boolean ttl = false;
			while (!atEnd()) {
				String word = next();
				if (word.equals("if")) {
					condition = condition();
				}
				else if (word.equals("ttl")) {
					ttl = true;
				}
			}
			return new StatementShape(Kind.INSERT, table, Set.of(), condition, false, List.of(), ttl, columns);
		}

		private StatementShape update() {
			expect("update");
			String table = tableName();
			boolean ttl = false;
			Set<String> columns = new TreeSet<>();
			Set<String> where = Set.of();
			Set<String> condition = Set.of();
			while (!atEnd()) {
				String word = next();
				switch (word) {
					case "ttl" -> ttl = true;
					case "set" -> columns = assignments();
					case "where" -> where = relations();
					case "if" -> condition = condition();
					default -> {
					}
				}
			}
			return new StatementShape(Kind.UPDATE, table, where, condition, false, List.of(), ttl, columns);
		}

		private StatementShape delete() {
			expect("delete");
			Set<String> columns = new TreeSet<>();
			while (!atEnd() && !peekIs("from")) {
				String token = next();
				if (!token.equals(",") && !token.equals("[") && !token.equals("]") && !token.equals("?")
						&& !token.equals("'")) {
					columns.add(name(token));
				}
			}
			expect("from");
			String table = tableName();
			Set<String> where = Set.of();
			Set<String> condition = Set.of();
			while (!atEnd()) {
				String word = next();
				if (word.equals("where")) {
					where = relations();
				}
				else if (word.equals("if")) {
					condition = condition();
				}
			}
			return new StatementShape(Kind.DELETE, table, where, condition, false, List.of(), false, columns);
		}

		/** Column and operator of each restriction, until a keyword ends the clause. */
		private Set<String> relations() {
			Set<String> relations = new TreeSet<>();
			while (!atEnd() && !isClauseEnd(peek())) {
				String left = operand();
				String operator = operator();
				skipTerm();
				relations.add(left + " " + operator);
				if (peekIs("and")) {
					next();
				}
			}
			return relations;
		}

		private Set<String> condition() {
			if (peekIs("not")) {
				next();
				expect("exists");
				return Set.of("NOT EXISTS");
			}
			if (peekIs("exists")) {
				next();
				return Set.of("EXISTS");
			}
			return relations();
		}

		private Set<String> assignments() {
			Set<String> columns = new TreeSet<>();
			while (!atEnd() && !peekIs("where")) {
				String column = name(next());
				columns.add(column);
				// Skip to the next top-level comma.
				int depth = 0;
				while (!atEnd() && !(depth == 0 && (peekIs(",") || peekIs("where")))) {
					String token = next();
					if (token.equals("(") || token.equals("[") || token.equals("{")) {
						depth++;
					}
					else if (token.equals(")") || token.equals("]") || token.equals("}")) {
						depth--;
					}
				}
				if (peekIs(",")) {
					next();
				}
			}
			return columns;
		}

		private List<String> orderings() {
			List<String> orderings = new ArrayList<>();
			while (!atEnd() && !isClauseEnd(peek())) {
				String column = name(next());
				String direction = "ASC";
				if (peekIs("asc") || peekIs("desc")) {
					direction = next().toUpperCase(Locale.ROOT);
				}
				orderings.add(column + " " + direction);
				if (peekIs(",")) {
					next();
				}
			}
			return orderings;
		}

		private String operand() {
			if (peekIs("(")) {
				next();
				List<String> names = new ArrayList<>();
				while (!atEnd() && !peekIs(")")) {
					String token = next();
					if (!token.equals(",")) {
						names.add(name(token));
					}
				}
				next();
				return "(" + String.join(", ", names) + ")";
			}
			String first = next();
			if (peekIs("(")) {
				// token(a, b), or another function of columns
				next();
				List<String> names = new ArrayList<>();
				while (!atEnd() && !peekIs(")")) {
					String token = next();
					if (!token.equals(",")) {
						names.add(name(token));
					}
				}
				next();
				return first + "(" + String.join(", ", names) + ")";
			}
			if (peekIs("[") || peekIs(".")) {
				// an element or a field: m[?] = ?, address.city = ?
				String column = name(first);
				while (!atEnd() && !OPERATORS.contains(peek())) {
					next();
				}
				return column + "[]";
			}
			return name(first);
		}

		private String operator() {
			String operator = next();
			if (operator.equals("contains") && peekIs("key")) {
				next();
				return "CONTAINS KEY";
			}
			if (operator.equals("not") && peekIs("in")) {
				next();
				return "NOT IN";
			}
			return operator.toUpperCase(Locale.ROOT);
		}

		/**
		 * Skips one value: a marker, a literal, a function call, a collection or a tuple.
		 */
		private void skipTerm() {
			if (atEnd()) {
				return;
			}
			String token = next();
			if (isOpening(token)) {
				skipBalanced();
			}
			else if (peekIs("(")) {
				next();
				skipBalanced();
			}
			while (peekIs("+") || peekIs("-")) {
				next();
				skipTerm();
			}
		}

		private void skipBalanced() {
			int depth = 1;
			while (!atEnd() && depth > 0) {
				String token = next();
				if (isOpening(token)) {
					depth++;
				}
				else if (token.equals(")") || token.equals("]") || token.equals("}")) {
					depth--;
				}
			}
		}

		private static boolean isOpening(String token) {
			return token.equals("(") || token.equals("[") || token.equals("{");
		}

		private static boolean isClauseEnd(String token) {
			return switch (token) {
				case "limit", "per", "allow", "order", "group", "if", "using", "where" -> true;
				default -> false;
			};
		}

		private String tableName() {
			String first = name(next());
			if (peekIs(".")) {
				next();
				return name(next());
			}
			return first;
		}

		private static String name(String token) {
			return token.startsWith("\"") ? token.substring(1) : token;
		}

		private void skipTo(String word) {
			while (!atEnd() && !peekIs(word)) {
				next();
			}
		}

		private void expect(String word) {
			if (!peekIs(word)) {
				throw new IllegalArgumentException("Expected '" + word + "' at token " + this.position + ", found '"
						+ (atEnd() ? "the end" : peek()) + "'");
			}
			next();
		}

		private boolean peekIs(String token) {
			return !atEnd() && this.tokens.get(this.position).equals(token);
		}

		private String peek() {
			return atEnd() ? "" : this.tokens.get(this.position);
		}

		private String next() {
			return this.tokens.get(this.position++);
		}

		private boolean atEnd() {
			return this.position >= this.tokens.size();
		}

	}

}
