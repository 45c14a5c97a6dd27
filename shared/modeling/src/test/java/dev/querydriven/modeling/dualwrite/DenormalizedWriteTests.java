package dev.querydriven.modeling.dualwrite;

import java.util.UUID;

import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The builder steers callers right before anything runs: only plain writes, moves that
 * respect the tie rule, a usable timestamp.
 */
class DenormalizedWriteTests {

	private static final UUID ID = UUID.randomUUID();

	private final Statement<?> deleteNew = SimpleStatement
		.newInstance("DELETE FROM orders_by_status WHERE status = 'NEW' AND order_id = ?", ID);

	private final Statement<?> insertPaid = SimpleStatement
		.newInstance("INSERT INTO orders_by_status (status, order_id) VALUES ('PAID', ?)", ID);

	/** A move whose key changed deletes the old copy and inserts the new one. */
	@Test
	void moveToANewKeyDeletesAndInserts() {
		DenormalizedWrite write = DenormalizedWrite.builder("pay")
			.move(this.deleteNew, this.insertPaid, "NEW", "PAID")
			.build();
		assertThat(write.statements()).containsExactly(this.deleteNew, this.insertPaid);
	}

	/**
	 * A move onto the same key keeps only the insert: at equal timestamps the delete
	 * would win.
	 */
	@Test
	void moveOntoTheSameKeyKeepsOnlyTheInsert() {
		DenormalizedWrite write = DenormalizedWrite.builder("touch")
			.move(this.deleteNew, this.insertPaid, "NEW", "NEW")
			.build();
		assertThat(write.statements()).containsExactly(this.insertPaid);
	}

	/** Statements that cannot be copies are refused with a reason. */
	@Test
	void refusesWhatCannotBeACopy() {
		DenormalizedWrite.Builder builder = DenormalizedWrite.builder("refused");
		assertThatIllegalArgumentException()
			.isThrownBy(
					() -> builder.put(SimpleStatement.newInstance("INSERT INTO t (id) VALUES (1) USING TIMESTAMP 5")))
			.withMessageContaining("one timestamp every copy shares");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> builder
				.put(SimpleStatement.newInstance("INSERT INTO t (id) VALUES (?) USING TTL ? AND TIMESTAMP ?")))
			.withMessageContaining("how Spring Data renders WriteOptions.timestamp");
		assertThatIllegalArgumentException().isThrownBy(
				() -> builder.put(SimpleStatement.newInstance("INSERT INTO t (id) VALUES (1)").setQueryTimestamp(5)))
			.withMessageContaining("The writer owns the timestamp");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> builder.put(SimpleStatement.newInstance("SELECT * FROM t")))
			.withMessageContaining("Only INSERT, UPDATE and DELETE");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> builder
				.put(SimpleStatement.newInstance("BEGIN BATCH INSERT INTO t (id) VALUES (1); APPLY BATCH")))
			.withMessageContaining("LOGGED_BATCH");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> builder.put(SimpleStatement.newInstance("DELETE FROM t WHERE id = 1 IF EXISTS")))
			.withMessageContaining("lightweight transaction");
		assertThatIllegalStateException().isThrownBy(builder::build);
	}

	/**
	 * The caller's timestamp is kept; a copy with another timestamp leaves the original
	 * unchanged.
	 */
	@Test
	void timestampsAreFixedPerWrite() {
		DenormalizedWrite write = DenormalizedWrite.builder("fixed").put(this.insertPaid).timestamp(42).build();
		assertThat(write.timestamp()).hasValue(42);
		assertThat(write.withTimestamp(43).timestamp()).hasValue(43);
		assertThat(write.timestamp()).hasValue(42);
		assertThat(write.strategy()).isEqualTo(WriteStrategy.PARALLEL);
		assertThatIllegalArgumentException().isThrownBy(() -> write.withTimestamp(Long.MIN_VALUE));
	}

}
