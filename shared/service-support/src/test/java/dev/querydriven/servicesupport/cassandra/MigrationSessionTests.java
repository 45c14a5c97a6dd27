package dev.querydriven.servicesupport.cassandra;

import java.time.Duration;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

/**
 * The migration library's view of the migrator's session: it never closes the session,
 * and it sends a statement again while a node does not know the table or type it uses
 * yet, and only then.
 */
class MigrationSessionTests {

	private static final SimpleStatement INSERT = SimpleStatement
		.newInstance("INSERT INTO write_intent_sweeps (minute, swept_until) VALUES (0, 0)");

	private final CqlSession session = mock(CqlSession.class);

	private final ResultSet applied = mock(ResultSet.class);

	/**
	 * A statement whose coordinator did not know its table yet, twice, runs the third
	 * time, once the nodes were asked to agree.
	 */
	@Test
	void statementRefusedForATableNotKnownYetRunsOnceKnown() {
		given(this.session.execute(INSERT)).willThrow(refused("table write_intent_sweeps does not exist"))
			.willThrow(refused("Unknown type notes.address"))
			.willReturn(this.applied);

		ResultSet result = MigrationSession.of(this.session, Duration.ofMinutes(1), Duration.ZERO).execute(INSERT);

		assertThat(result).isSameAs(this.applied);
		verify(this.session, times(3)).execute(INSERT);
		verify(this.session, times(2)).checkSchemaAgreement();
	}

	/**
	 * The library's preparation of a statement against a table it has just created is
	 * asked again too.
	 */
	@Test
	void preparationRefusedForATableNotKnownYetIsAskedAgain() {
		String leader = "INSERT INTO schema_migration_leader (keyspace_name, leader) VALUES (?, ?) IF NOT EXISTS";
		PreparedStatement prepared = mock(PreparedStatement.class);
		given(this.session.prepare(leader)).willThrow(refused("table schema_migration_leader does not exist"))
			.willReturn(prepared);

		assertThat(MigrationSession.of(this.session, Duration.ofMinutes(1), Duration.ZERO).prepare(leader))
			.isSameAs(prepared);
		verify(this.session, times(2)).prepare(leader);
	}

	/** Any other refusal (a mistake in the script) fails at once. */
	@Test
	void otherRefusalFailsAtOnce() {
		given(this.session.execute(INSERT)).willThrow(refused("Undefined column name swept_untill"));

		CqlSession view = MigrationSession.of(this.session, Duration.ofMinutes(1), Duration.ZERO);

		assertThatExceptionOfType(InvalidQueryException.class).isThrownBy(() -> view.execute(INSERT))
			.withMessageContaining("swept_untill");
		verify(this.session, times(1)).execute(INSERT);
		verify(this.session, never()).checkSchemaAgreement();
	}

	/** A table still unknown when the limit has passed fails the migration. */
	@Test
	void tableStillUnknownPastTheLimitFails() {
		given(this.session.execute(INSERT)).willThrow(refused("table write_intent_sweeps does not exist"));

		CqlSession view = MigrationSession.of(this.session, Duration.ZERO, Duration.ZERO);

		assertThatExceptionOfType(InvalidQueryException.class).isThrownBy(() -> view.execute(INSERT))
			.withMessageContaining("does not exist");
		verify(this.session, times(1)).execute(INSERT);
	}

	/** Closing the view leaves the session open for the next set of migrations. */
	@Test
	void closingTheViewLeavesTheSessionOpen() {
		CqlSession view = MigrationSession.of(this.session, Duration.ofMinutes(1), Duration.ZERO);

		view.close();
		assertThat(view.closeAsync().toCompletableFuture()).isCompleted();
		assertThat(view.forceCloseAsync().toCompletableFuture()).isCompleted();

		verify(this.session, never()).close();
		verify(this.session, never()).closeAsync();
		verify(this.session, never()).forceCloseAsync();
	}

	private static InvalidQueryException refused(String message) {
		return new InvalidQueryException(null, message);
	}

}
