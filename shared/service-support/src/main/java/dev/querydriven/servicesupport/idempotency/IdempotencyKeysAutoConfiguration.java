package dev.querydriven.servicesupport.idempotency;

import dev.querydriven.servicesupport.cassandra.SchemaMigrationSet;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.data.cassandra.autoconfigure.DataCassandraReactiveAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.data.cassandra.core.cql.ReactiveCqlOperations;

/**
 * Keyed creates, for a service whose creates draw new ids
 * ({@code querydriven.idempotency-keys.enabled=true}): the {@link IdempotencyKeys} and
 * their table, created by the service's schema migrations from the schema file shipped
 * here. A service without such creates gets neither.
 */
@AutoConfiguration(after = DataCassandraReactiveAutoConfiguration.class)
@ConditionalOnBooleanProperty("querydriven.idempotency-keys.enabled")
public final class IdempotencyKeysAutoConfiguration {

	@Bean
	IdempotencyKeys idempotencyKeys(ReactiveCqlOperations cql, JsonMapper json) {
		return new IdempotencyKeys(cql, json);
	}

	@Bean
	SchemaMigrationSet idempotencyKeysSchema() {
		return new SchemaMigrationSet("idempotency keys", "querydriven/idempotency-keys", "idempotency_keys_");
	}

}
