package dev.querydriven.modeling.dualwrite;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.modeling.TestTime;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.util.retry.Retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Moving a copy whose key changed: an order's status is part of
 * {@code orders_by_status}'s key, so a status change deletes the old row and inserts the
 * new one, while {@code orders_by_user} only updates its duplicated status. The source of
 * truth ({@code orders_by_id}) is changed by a lightweight transaction on its version,
 * which serialises concurrent moves. Every test checks every table.
 */
@CassandraTest
class KeyMoveIntegrationTests {

	private static final List<String> STATUSES = List.of("NEW", "PAID", "CANCELLED", "SHIPPED");

	private static CqlSession session;

	private static PreparedStatement createOrder;

	private static PreparedStatement changeStatusIfVersion;

	private static PreparedStatement insertByStatus;

	private static PreparedStatement deleteByStatus;

	private static PreparedStatement upsertByUser;

	private static PreparedStatement selectById;

	private static PreparedStatement selectByStatus;

	private static PreparedStatement selectByUser;

	@BeforeAll
	static void createTables() {
		// The tables are created as a service's migrations create them, by the keyspace's
		// migrator; the test reads and writes as the service's runtime role.
		CqlSession migrator = SharedCassandra.migratorSession("modeling");
		migrator.execute("CREATE TABLE IF NOT EXISTS dual_orders_by_id (order_id uuid PRIMARY KEY, user_id uuid, "
				+ "status text, version int, write_ts bigint) "
				+ "WITH comment = 'Q1: an order by its id (source of truth, changed only by LWTs on version)'");
		// The guide's orders_by_status; partitioned by status alone it is a hot partition
		// in production (bucket it by day there), which does not matter to these tests.
		migrator.execute("CREATE TABLE IF NOT EXISTS dual_orders_by_status (status text, order_id uuid, "
				+ "user_id uuid, PRIMARY KEY (status, order_id)) "
				+ "WITH comment = 'Q2: orders in one status (a copy whose key holds the status)'");
		migrator.execute("CREATE TABLE IF NOT EXISTS dual_orders_by_user (user_id uuid, order_id uuid, status text, "
				+ "PRIMARY KEY (user_id, order_id)) WITH comment = 'Q3: a user''s orders (a copy of the status)'");
		migrator.close();
		session = SharedCassandra.serviceSession("modeling");
		createOrder = session.prepare("INSERT INTO dual_orders_by_id (order_id, user_id, status, version, write_ts) "
				+ "VALUES (?, ?, ?, 1, ?) IF NOT EXISTS");
		changeStatusIfVersion = session.prepare("UPDATE dual_orders_by_id SET status = ?, version = ?, write_ts = ? "
				+ "WHERE order_id = ? IF version = ?");
		insertByStatus = session
			.prepare("INSERT INTO dual_orders_by_status (status, order_id, user_id) VALUES (?, ?, ?)");
		deleteByStatus = session.prepare("DELETE FROM dual_orders_by_status WHERE status = ? AND order_id = ?");
		upsertByUser = session.prepare("UPDATE dual_orders_by_user SET status = ? WHERE user_id = ? AND order_id = ?");
		selectById = session.prepare("SELECT status, version, write_ts FROM dual_orders_by_id WHERE order_id = ?");
		selectByStatus = session
			.prepare("SELECT order_id FROM dual_orders_by_status WHERE status = ? AND order_id = ?");
		selectByUser = session.prepare("SELECT status FROM dual_orders_by_user WHERE user_id = ? AND order_id = ?");
	}

	@AfterAll
	static void closeSession() {
		session.close();
	}

	/**
	 * A status change moves the orders_by_status copy (delete old, insert new) and
	 * updates the duplicated status in orders_by_user, with one timestamp.
	 */
	@Test
	void aMoveDeletesTheOldCopyAndInsertsTheNewOne() {
		Order order = Order.create();

		order.move("NEW", "PAID", new DualWriter(session, TestTime.SOURCE))
			.as(StepVerifier::create)
			.expectNextCount(1)
			.verifyComplete();

		assertThat(order.statusCopies()).containsExactly("PAID");
		assertThat(order.userCopy()).isEqualTo("PAID");
		assertThat(order.sourceOfTruth()).isEqualTo(new State("PAID", 2));
	}

	/**
	 * The tie rule: a delete and an insert of the same key at one timestamp leave no row
	 * (the delete wins), so a move onto the same key keeps only the insert.
	 */
	@Test
	void aMoveOntoTheSameKeyKeepsOnlyTheInsert() {
		Order deleted = Order.create();
		Order kept = Order.create();
		DualWriter writer = new DualWriter(session, TestTime.SOURCE);

		writer
			.execute(DenormalizedWrite.builder("delete and insert NEW at one timestamp")
				.put(deleteByStatus.bind("NEW", deleted.id()))
				.put(insertByStatus.bind("NEW", deleted.id(), deleted.user()))
				.build())
			.block();
		writer
			.execute(DenormalizedWrite.builder("move NEW to NEW")
				.move(deleteByStatus.bind("NEW", kept.id()), insertByStatus.bind("NEW", kept.id(), kept.user()), "NEW",
						"NEW")
				.build())
			.block();

		assertThat(deleted.statusCopies()).isEmpty();
		assertThat(kept.statusCopies()).containsExactly("NEW");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> DenormalizedWrite.builder("move NEW to NEW, flagged")
				.move(deleteByStatus.bind("NEW", kept.id()), insertByStatus.bind("NEW", kept.id(), kept.user()), true))
			.withMessageContaining("the delete wins");
		assertThatIllegalArgumentException().isThrownBy(() -> DenormalizedWrite.builder("move NEW to PAID, unflagged")
			.move(deleteByStatus.bind("NEW", kept.id()), insertByStatus.bind("PAID", kept.id(), kept.user()), false))
			.withMessageContaining("leave the old copy behind");
	}

	/**
	 * The transaction applied but the delete of the old copy failed: the order shows in
	 * two statuses until the copies are retried with the same timestamp, after which no
	 * duplicate remains.
	 */
	@Test
	void aMoveWhoseDeleteFailedLeavesNoDuplicateOnceRetried() {
		Order order = Order.create();
		ScriptedExecutor executor = new ScriptedExecutor(session).fail("DELETE FROM dual_orders_by_status", 3,
				() -> new DriverTimeoutException("injected timeout"));
		DualWriter failing = new DualWriter(session, TestTime.SOURCE).withRetry(Retry.backoff(2, Duration.ofMillis(1)))
			.withExecutor(executor);
		DenormalizedWrite copies = order.moveCopies("NEW", "PAID",
				TestTime.SOURCE.nextTimestamp(order.writeTimestamp()));

		failing.executeIfApplied(order.changeStatus("PAID", copies.timestamp().getAsLong()), copies)
			.as(StepVerifier::create)
			.expectError(DualWriteException.class)
			.verify();
		assertThat(order.statusCopies()).containsExactlyInAnyOrder("NEW", "PAID");
		assertThat(order.sourceOfTruth()).isEqualTo(new State("PAID", 2));

		new DualWriter(session, TestTime.SOURCE).execute(copies)
			.as(StepVerifier::create)
			.expectNextCount(1)
			.verifyComplete();

		assertThat(order.statusCopies()).containsExactly("PAID");
		assertThat(order.userCopy()).isEqualTo("PAID");
	}

	/**
	 * Why moves must be serialised: two unguarded moves from the same state each delete
	 * NEW and insert their own target, leaving the order in two statuses.
	 */
	@Test
	void unguardedConcurrentMovesLeaveTwoCopies() {
		Order order = Order.create();
		DualWriter writer = new DualWriter(session, TestTime.SOURCE);

		Mono.zip(writer.execute(order.moveCopies("NEW", "PAID", TestTime.SOURCE.nowMicros())),
				writer.execute(order.moveCopies("NEW", "CANCELLED", TestTime.SOURCE.nowMicros())))
			.as(StepVerifier::create)
			.expectNextCount(1)
			.verifyComplete();

		assertThat(order.statusCopies()).containsExactlyInAnyOrder("PAID", "CANCELLED");
	}

	/**
	 * A version check (a lightweight transaction on the source of truth) lets exactly one
	 * of two concurrent moves through; the loser writes no copy.
	 */
	@Test
	void concurrentMovesGuardedByAVersionCheckLeaveOneCopy() {
		Order order = Order.create();
		DualWriter writer = new DualWriter(session, TestTime.SOURCE);

		Mono.zip(order.move("NEW", "PAID", writer).map(Optional::of).defaultIfEmpty(Optional.empty()),
				order.move("NEW", "CANCELLED", writer).map(Optional::of).defaultIfEmpty(Optional.empty()))
			.as(StepVerifier::create)
			.assertNext((both) -> assertThat(both.getT1().isPresent()).isNotEqualTo(both.getT2().isPresent()))
			.verifyComplete();

		State winner = order.sourceOfTruth();
		assertThat(winner.version()).isEqualTo(2);
		assertThat(order.statusCopies()).containsExactly(winner.status());
		assertThat(order.userCopy()).isEqualTo(winner.status());
	}

	/**
	 * With timestamps from the clock, a move made on an instance whose clock is behind
	 * loses its delete to the previous move's insert: a stale copy stays.
	 */
	@Test
	void clockTimestampsLetAMoveOnASlowerClockLeaveAStaleCopy() {
		Order order = Order.create();
		long aheadByFiveSeconds = TestTime.SOURCE.nowMicros() + 5_000_000;
		DualWriter writer = new DualWriter(session, TestTime.SOURCE);
		writer.execute(order.moveCopies("NEW", "PAID", aheadByFiveSeconds)).block();

		writer.execute(order.moveCopies("PAID", "SHIPPED", TestTime.SOURCE.nowMicros())).block();

		assertThat(order.statusCopies()).containsExactlyInAnyOrder("PAID", "SHIPPED");
		assertThat(order.userCopy()).isEqualTo("PAID");
	}

	/**
	 * With timestamps advanced from the source of truth ({@code nextTimestamp}), the
	 * moves of one order are ordered by version whatever the clocks say.
	 */
	@Test
	void timestampsFromTheSourceOfTruthOrderMovesEvenWhenClocksDisagree() {
		Order order = Order.create();
		long aheadByFiveSeconds = TestTime.SOURCE.nowMicros() + 5_000_000;
		DualWriter writer = new DualWriter(session, TestTime.SOURCE);
		writer
			.executeIfApplied(order.changeStatus("PAID", aheadByFiveSeconds),
					order.moveCopies("NEW", "PAID", aheadByFiveSeconds))
			.block();

		order.move("PAID", "SHIPPED", writer).as(StepVerifier::create).expectNextCount(1).verifyComplete();

		assertThat(order.writeTimestamp()).isGreaterThan(aheadByFiveSeconds);
		assertThat(order.statusCopies()).containsExactly("SHIPPED");
		assertThat(order.userCopy()).isEqualTo("SHIPPED");
		assertThat(order.sourceOfTruth()).isEqualTo(new State("SHIPPED", 3));
	}

	/**
	 * executeIfApplied needs a real LWT, and its copies must not write the LWT's table
	 * (cells managed by Paxos are written only through Paxos).
	 */
	@Test
	void executeIfAppliedRefusesPlainStatementsAndCopiesOfTheTransactionsTable() {
		Order order = Order.create();
		DualWriter writer = new DualWriter(session, TestTime.SOURCE);
		DenormalizedWrite copies = order.moveCopies("NEW", "PAID", TestTime.SOURCE.nowMicros());

		writer.executeIfApplied(upsertByUser.bind("PAID", order.user(), order.id()), copies)
			.as(StepVerifier::create)
			.expectErrorMessage("executeIfApplied needs a lightweight transaction (a statement with an IF clause) to "
					+ "serialise changes; use execute(write) for plain writes. (" + upsertByUser.getQuery() + ")")
			.verify();
		writer
			.executeIfApplied(order.changeStatus("PAID", TestTime.SOURCE.nowMicros()),
					DenormalizedWrite.builder("write the LWT's table")
						.put(session.prepare("UPDATE dual_orders_by_id SET user_id = ? WHERE order_id = ?")
							.bind(order.user(), order.id()))
						.build())
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).hasMessageContaining("managed by Paxos"))
			.verify();

		assertThat(order.sourceOfTruth()).isEqualTo(new State("NEW", 1));
		assertThat(order.statusCopies()).containsExactly("NEW");
		assertThat(order.userCopy()).isEqualTo("NEW");
	}

	record State(String status, int version) {

	}

	/** An order in the three tables. */
	record Order(UUID id, UUID user) {

		/** Creates a NEW order: the LWT claims the id, then the copies follow. */
		static Order create() {
			Order order = new Order(UUID.randomUUID(), UUID.randomUUID());
			long timestamp = TestTime.SOURCE.nowMicros();
			new DualWriter(session, TestTime.SOURCE)
				.executeIfApplied(createOrder.bind(order.id, order.user, "NEW", timestamp),
						DenormalizedWrite.builder("create order " + order.id)
							.put(insertByStatus.bind("NEW", order.id, order.user))
							.put(upsertByUser.bind("NEW", order.user, order.id))
							.timestamp(timestamp)
							.build())
				.block();
			return order;
		}

		/**
		 * Moves the order as a service would: read the version and timestamp, change the
		 * source of truth if the version still holds, then write the copies with a
		 * timestamp after the previous change's.
		 */
		Mono<Long> move(String from, String to, DualWriter writer) {
			Row row = session.execute(selectById.bind(this.id)).one();
			long timestamp = TestTime.SOURCE.nextTimestamp(row.getLong("write_ts"));
			return writer.executeIfApplied(changeStatusIfVersion.bind(to, row.getInt("version") + 1, timestamp, this.id,
					row.getInt("version")), moveCopies(from, to, timestamp));
		}

		BoundStatement changeStatus(String to, long timestamp) {
			State state = sourceOfTruth();
			return changeStatusIfVersion.bind(to, state.version() + 1, timestamp, this.id, state.version());
		}

		DenormalizedWrite moveCopies(String from, String to, long timestamp) {
			return DenormalizedWrite.builder("move order " + this.id + " from " + from + " to " + to)
				.move(deleteByStatus.bind(from, this.id), insertByStatus.bind(to, this.id, this.user), from, to)
				.put(upsertByUser.bind(to, this.user, this.id))
				.timestamp(timestamp)
				.build();
		}

		State sourceOfTruth() {
			Row row = session.execute(selectById.bind(this.id)).one();
			return new State(row.getString("status"), row.getInt("version"));
		}

		long writeTimestamp() {
			return session.execute(selectById.bind(this.id)).one().getLong("write_ts");
		}

		Set<String> statusCopies() {
			return STATUSES.stream()
				.filter((status) -> session.execute(selectByStatus.bind(status, this.id)).one() != null)
				.collect(Collectors.toSet());
		}

		String userCopy() {
			return session.execute(selectByUser.bind(this.user, this.id)).one().getString("status");
		}

	}

}
