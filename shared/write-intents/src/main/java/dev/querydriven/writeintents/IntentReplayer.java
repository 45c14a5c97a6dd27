package dev.querydriven.writeintents;

import java.util.Set;

import reactor.core.publisher.Mono;

/**
 * Finishes changes of some kinds that were cut short: reads the source of truth and
 * rewrites every copy from it, so that the copies converge on what the source holds now.
 * A replay must be idempotent and must never undo a later change:
 * <ul>
 * <li>a plain source (a follow, a registered sensor) is read and every copy rewritten
 * with the source's own write timestamp, so a later change of the source still wins over
 * the replay;</li>
 * <li>a source changed by lightweight transaction (an order, a blog post) is read at
 * {@code SERIAL}, which also finishes a transaction left in progress: when the change
 * never applied there is nothing to do, otherwise the copies are rewritten from the
 * current version, so a change that overtook this one is never undone.</li>
 * </ul>
 */
public interface IntentReplayer {

	/**
	 * The kinds of change this replayer finishes.
	 * @return e.g. {@code order-placed}, {@code order-status-changed}
	 */
	Set<String> kinds();

	/**
	 * Finishes one change.
	 * @param intent the change as recorded when it began
	 * @return completes once every copy agrees with the source
	 */
	Mono<Void> replay(WriteIntent intent);

}
