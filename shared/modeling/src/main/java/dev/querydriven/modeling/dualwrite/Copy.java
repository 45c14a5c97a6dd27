package dev.querydriven.modeling.dualwrite;

import reactor.core.publisher.Mono;

/**
 * A table holding a copy of (part of) a source of truth owned by another feature: an
 * order's row in {@code orders_by_user}, a post's row in every follower's timeline. The
 * feature that owns the source announces each change as a value of type {@code C}; every
 * feature keeping a copy implements this interface for it, and the owner writes them all
 * through one {@link Copies} coordinator. The owner thus keeps every copy in sync without
 * depending on the features that read them: the one way copies cross features in this
 * project (a listener interface implemented by each feature that keeps a copy,
 * contributing statements to the owner's one write).
 *
 * <p>
 * Most copies only add statements to the change's one {@link DenormalizedWrite}, which
 * gives them all one client timestamp ({@link #write}). What cannot be part of that write
 * runs around it ({@link #beforeWrite}, and the {@link AfterWrite} it returns): copies
 * too many for one write (a fan-out to every follower's timeline), copies ordered by a
 * timestamp of their own (an hourly rollup carries the moment its hour was read),
 * counters (no client timestamp, not idempotent), and work that must precede the write or
 * check it after it landed (a queue's watermark that must cover the day written).
 *
 * @param <C> the change the owner announces (a placed order, a published post)
 */
public interface Copy<C> {

	/**
	 * Adds this table's statements for a change to its one write: idempotent inserts,
	 * updates and deletes, no lightweight transactions, no counters, no timestamps of
	 * their own (the write carries one for all).
	 * @param write the change's one write, being built (one copy at a time adds to it)
	 * @param change the change
	 * @return completes once the statements are added
	 */
	default Mono<Void> write(DenormalizedWrite.Builder write, C change) {
		return Mono.empty();
	}

	/**
	 * Work that must run before the change's one write, and the work that follows it.
	 * @param change the change
	 * @return what to run once the write is done ({@link AfterWrite#NOTHING} by default)
	 */
	default Mono<AfterWrite> beforeWrite(C change) {
		return Mono.just(AfterWrite.NOTHING);
	}

	/**
	 * Work to run once a change's one write is done.
	 */
	@FunctionalInterface
	interface AfterWrite {

		/** Nothing to do. */
		AfterWrite NOTHING = (timestampMicros) -> Mono.empty();

		/**
		 * Runs the work.
		 * @param timestampMicros the timestamp the change's one write carried
		 * @return completes when done
		 */
		Mono<Void> run(long timestampMicros);

	}

}
