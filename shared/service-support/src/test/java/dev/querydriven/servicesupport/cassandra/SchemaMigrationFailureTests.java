package dev.querydriven.servicesupport.cassandra;

import java.util.List;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.cassandra.autoconfigure.CassandraConnectionDetails;

import static org.assertj.core.api.Assertions.assertThatRuntimeException;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;

/**
 * A migration that fails before the migration library takes over its session still closes
 * it: the session's threads would otherwise keep the JVM of a service whose start failed
 * running, and its container would never be restarted.
 */
class SchemaMigrationFailureTests {

	/** The session of a migration that failed at its first statement is closed. */
	@Test
	@SuppressWarnings("unchecked")
	void failedMigrationClosesItsSession() {
		// Every call fails, as on a node that does not know the library's tables yet.
		CqlSession session = mock(CqlSession.class, (invocation) -> {
			if ("close".equals(invocation.getMethod().getName())) {
				return null;
			}
			throw new IllegalStateException("table schema_migration_leader does not exist");
		});
		CqlSessionBuilder builder = mock(CqlSessionBuilder.class);
		given(builder.build()).willReturn(session);
		ObjectProvider<CqlSessionBuilder> builders = mock(ObjectProvider.class);
		given(builders.getObject()).willReturn(builder);
		QueryDrivenCassandraProperties properties = new QueryDrivenCassandraProperties(null,
				new QueryDrivenCassandraProperties.Replication("SimpleStrategy", 1), null,
				new QueryDrivenCassandraProperties.Migrations(true, "cql"));
		CassandraSchemaMigrations migrations = new CassandraSchemaMigrations(builders,
				mock(CassandraConnectionDetails.class), mock(CassandraMigratorConnectionDetails.class), properties,
				"notes", List.of());

		assertThatRuntimeException().isThrownBy(migrations::afterPropertiesSet);
		verify(session).close();
	}

}
