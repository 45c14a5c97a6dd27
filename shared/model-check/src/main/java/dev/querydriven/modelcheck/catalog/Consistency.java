package dev.querydriven.modelcheck.catalog;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;

/**
 * A level a statement runs at: the consistency level of the read or write, and for a
 * lightweight transaction the serial level of its Paxos round too. A catalogue entry
 * declares the levels its statement may run at, so that the README shows them next to the
 * CQL and a test can check that the service really runs each statement at one of them.
 *
 * <p>
 * A lightweight transaction runs at two levels: the serial level decides how many
 * replicas take part in Paxos ({@code LOCAL_SERIAL}: a quorum of the local datacenter;
 * {@code SERIAL}: a quorum of all of them), and the consistency level is the level its
 * accepted value is committed at, which the plain reads that follow rely on. Any other
 * statement runs at its consistency level alone; a {@code SERIAL} read (one that finishes
 * any transaction in flight before it answers) is such a statement.
 *
 * @param level the consistency level; for a lightweight transaction, its commit level
 * @param serial the serial level of a lightweight transaction, {@code null} for any other
 * statement
 */
public record Consistency(DefaultConsistencyLevel level, DefaultConsistencyLevel serial) {

	/**
	 * A read or a plain write acknowledged by a quorum of the local datacenter's
	 * replicas: a read at this level sees every write acknowledged at it before.
	 */
	public static final Consistency LOCAL_QUORUM = of(DefaultConsistencyLevel.LOCAL_QUORUM);

	/** A read or a plain write acknowledged by one replica of the local datacenter. */
	public static final Consistency LOCAL_ONE = of(DefaultConsistencyLevel.LOCAL_ONE);

	/** A read or a plain write acknowledged by one replica, in any datacenter. */
	public static final Consistency ONE = of(DefaultConsistencyLevel.ONE);

	/**
	 * A linearizable read among the local datacenter's replicas: it completes any
	 * lightweight transaction in flight on the row before it answers.
	 */
	public static final Consistency LOCAL_SERIAL_READ = of(DefaultConsistencyLevel.LOCAL_SERIAL);

	/** A linearizable read among the replicas of every datacenter. */
	public static final Consistency SERIAL_READ = of(DefaultConsistencyLevel.SERIAL);

	/**
	 * A lightweight transaction decided by a quorum of the local datacenter's replicas,
	 * committed at {@code LOCAL_QUORUM}.
	 */
	public static final Consistency LWT_LOCAL_SERIAL = lwt(DefaultConsistencyLevel.LOCAL_QUORUM,
			DefaultConsistencyLevel.LOCAL_SERIAL);

	/**
	 * A lightweight transaction decided by a quorum of the replicas of every datacenter,
	 * committed at {@code LOCAL_QUORUM}.
	 */
	public static final Consistency LWT_SERIAL = lwt(DefaultConsistencyLevel.LOCAL_QUORUM,
			DefaultConsistencyLevel.SERIAL);

	public Consistency {
		Objects.requireNonNull(level, "level");
		if (serial != null && !serial.isSerial()) {
			throw new IllegalArgumentException("A serial level is SERIAL or LOCAL_SERIAL, not " + serial);
		}
	}

	/**
	 * A statement that is no lightweight transaction, run at one level.
	 * @param level e.g. {@code LOCAL_QUORUM}, or {@code SERIAL} for a linearizable read
	 * @return the consistency
	 */
	public static Consistency of(DefaultConsistencyLevel level) {
		return new Consistency(level, null);
	}

	/**
	 * A lightweight transaction.
	 * @param commit the level its accepted value is committed at, e.g.
	 * {@code LOCAL_QUORUM}
	 * @param serial the level of its Paxos round, {@code SERIAL} or {@code LOCAL_SERIAL}
	 * @return the consistency
	 */
	public static Consistency lwt(DefaultConsistencyLevel commit, DefaultConsistencyLevel serial) {
		return new Consistency(commit, Objects.requireNonNull(serial, "serial"));
	}

	/**
	 * Whether it is a lightweight transaction's.
	 * @return {@code true} when it has a serial level
	 */
	public boolean lightweightTransaction() {
		return this.serial != null;
	}

	/**
	 * The levels in words, as the README shows them.
	 * @return e.g. {@code LOCAL_QUORUM}, or {@code LOCAL_SERIAL, commit LOCAL_QUORUM} for
	 * a lightweight transaction
	 */
	public String describe() {
		return lightweightTransaction() ? this.serial.name() + ", commit " + this.level.name() : this.level.name();
	}

	@Override
	public String toString() {
		return describe();
	}

	/** Declared levels with more added, each once, in the order declared. */
	static List<Consistency> adding(List<Consistency> declared, Consistency... more) {
		Set<Consistency> all = new LinkedHashSet<>(declared);
		all.addAll(List.of(more));
		return List.copyOf(all);
	}

}
