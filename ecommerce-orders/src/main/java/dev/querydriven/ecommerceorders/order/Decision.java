package dev.querydriven.ecommerceorders.order;

import dev.querydriven.servicesupport.web.ConflictException;
import reactor.core.publisher.Mono;

/**
 * What a change decided once its transaction was sent: its answer, or the refusal its
 * client gets (a 409: the order changed concurrently, or another order has the id). A
 * refusal is a decision, not a failure: the change is finished and its intent completed,
 * where a failure would leave it for the sweeper to replay.
 *
 * @param <T> the answer's type
 * @param value the answer, when the change was accepted
 * @param refusal the refusal, when it was not
 */
record Decision<T>(T value, ConflictException refusal) {

	static <T> Mono<Decision<T>> of(Mono<T> outcome) {
		return outcome.map((value) -> new Decision<T>(value, null))
			.onErrorResume(ConflictException.class, (refusal) -> Mono.just(new Decision<>(null, refusal)));
	}

	Mono<T> answer() {
		return (this.refusal != null) ? Mono.error(this.refusal) : Mono.justOrEmpty(this.value);
	}

}
