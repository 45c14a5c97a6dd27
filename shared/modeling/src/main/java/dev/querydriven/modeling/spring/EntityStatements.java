package dev.querydriven.modeling.spring;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.ReactiveSession;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.StatementFactory;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.cql.QueryOptionsUtil;
import org.springframework.data.cassandra.core.cql.WriteOptions;
import org.springframework.data.cassandra.core.mapping.CassandraPersistentEntity;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.data.cassandra.core.query.Update;

/**
 * Turns Spring Data entities into the statements of a dual write: the one small adapter
 * between Spring Data and the {@link DualWriter}. A repository describes each copy as an
 * entity ({@code insert(new OrdersByUserRow(...), options)}), exactly as it would save it
 * through the template; this adapter renders the statement Spring Data would run (its
 * {@link StatementFactory}, with bind markers), prepares the text once (the service's
 * {@link ReactiveSession} keeps it prepared) and binds the values. The
 * {@link DenormalizedWrite} then carries bound statements, and the writer sets the one
 * shared timestamp on every one of them at the protocol level.
 *
 * <p>
 * Why not execute each copy through the template with {@code InsertOptions.timestamp}?
 * Spring Data renders that option into the statement ({@code USING TIMESTAMP ?}): one
 * statement per copy, each on its own, no logged batch spanning them, and a timestamp
 * every caller must remember to pass. The writer's protocol-level timestamp covers a
 * logged batch as a whole and cannot be forgotten; the {@code WriteRules} refuse a
 * timestamp of a statement's own, so the options given here carry none.
 *
 * <p>
 * The options carry the rest: consistency level ({@code LOCAL_QUORUM} for the copies
 * here), TTL, and idempotence (the writer marks every copy idempotent anyway).
 */
public final class EntityStatements {

	private final ReactiveCassandraOperations template;

	private final ReactiveSession session;

	private final StatementFactory statements;

	/**
	 * An adapter rendering statements as the template would.
	 * @param template the service's template (its converter maps the entities)
	 * @param session the service's session, which keeps each statement text prepared
	 */
	public EntityStatements(ReactiveCassandraOperations template, ReactiveSession session) {
		this.template = template;
		this.session = session;
		this.statements = new StatementFactory(template.getConverter());
	}

	/**
	 * The insert of an entity's row (every non-null column).
	 * @param entity the row
	 * @param options consistency level, TTL; no timestamp
	 * @return the bound statement
	 */
	public Mono<BoundStatement> insert(Object entity, WriteOptions options) {
		return Mono.defer(() -> {
			CassandraPersistentEntity<?> persistent = persistentEntity(entity.getClass());
			return bind(factory().insert(entity, noTimestamp(options), persistent, persistent.getTableName()).build());
		});
	}

	/**
	 * The delete of an entity's row, by its primary key.
	 * @param entity the row (only its key matters)
	 * @param options consistency level; no timestamp
	 * @return the bound statement
	 */
	public Mono<BoundStatement> delete(Object entity, WriteOptions options) {
		return Mono.defer(() -> {
			CqlIdentifier table = persistentEntity(entity.getClass()).getTableName();
			return bind(factory().delete(entity, noTimestamp(options), this.template.getConverter(), table).build());
		});
	}

	/**
	 * The update of the rows a query selects (restrict the full primary key).
	 * @param query the rows, with their {@code WriteOptions} as query options
	 * @param update what to set
	 * @param entityClass the table's entity
	 * @return the bound statement
	 */
	public Mono<BoundStatement> update(Query query, Update update, Class<?> entityClass) {
		return Mono.defer(() -> {
			query.getQueryOptions().ifPresent(EntityStatements::noTimestamp);
			CassandraPersistentEntity<?> persistent = persistentEntity(entityClass);
			return bind(factory().update(query, update, persistent).build());
		});
	}

	/**
	 * The delete of the rows a query selects (restrict the full primary key).
	 * @param query the rows
	 * @param entityClass the table's entity
	 * @return the bound statement
	 */
	public Mono<BoundStatement> delete(Query query, Class<?> entityClass) {
		return Mono.defer(() -> {
			query.getQueryOptions().ifPresent(EntityStatements::noTimestamp);
			CassandraPersistentEntity<?> persistent = persistentEntity(entityClass);
			return bind(factory().delete(query, persistent, persistent.getTableName()).build());
		});
	}

	/**
	 * A statement written out by hand, prepared once and bound with its values in order:
	 * for the hottest writes only. Turning an entity into a statement on every call
	 * (converting each property through the mapping metadata, then rendering the CQL) was
	 * measured to cost the service layer half its write throughput on ingestion and
	 * place-order; binding the prepared statement directly costs neither. Write the text
	 * the entity would render (the query catalogue lists it, and the catalogue test fails
	 * on any other).
	 * @param cql the statement, with {@code ?} markers and no timestamp
	 * @param options consistency level, idempotence; no timestamp
	 * @param values the values, in the order of the markers
	 * @return the bound statement
	 */
	public Mono<BoundStatement> bind(String cql, WriteOptions options, Object... values) {
		return Mono.defer(() -> {
			noTimestamp(options);
			return bind(QueryOptionsUtil.addQueryOptions(SimpleStatement.newInstance(cql, values), options));
		});
	}

	private Mono<BoundStatement> bind(SimpleStatement statement) {
		return this.session.prepare(statement.getQuery()).map((prepared) -> bind(statement, prepared));
	}

	private static BoundStatement bind(SimpleStatement source, PreparedStatement prepared) {
		BoundStatementBuilder builder = prepared.boundStatementBuilder(source.getPositionalValues().toArray());
		if (source.getConsistencyLevel() != null) {
			builder.setConsistencyLevel(source.getConsistencyLevel());
		}
		if (source.getSerialConsistencyLevel() != null) {
			builder.setSerialConsistencyLevel(source.getSerialConsistencyLevel());
		}
		if (source.isIdempotent() != null) {
			builder.setIdempotence(source.isIdempotent());
		}
		if (source.getTimeout() != null) {
			builder.setTimeout(source.getTimeout());
		}
		if (source.getExecutionProfileName() != null) {
			builder.setExecutionProfileName(source.getExecutionProfileName());
		}
		return builder.build();
	}

	private static <T extends QueryOptions> T noTimestamp(T options) {
		if (options instanceof WriteOptions write && write.getTimestamp() != null) {
			throw new IllegalArgumentException("A copy of a dual write takes no timestamp of its own (WriteOptions "
					+ "timestamp " + write.getTimestamp() + "): the DualWriter sets one timestamp on every copy, "
					+ "chosen with DenormalizedWrite.Builder.timestamp(micros).");
		}
		return options;
	}

	private StatementFactory factory() {
		return this.statements;
	}

	private CassandraPersistentEntity<?> persistentEntity(Class<?> type) {
		return this.template.getConverter().getMappingContext().getRequiredPersistentEntity(type);
	}

}
