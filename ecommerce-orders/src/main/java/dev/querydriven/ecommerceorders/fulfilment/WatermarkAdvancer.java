package dev.querydriven.ecommerceorders.fulfilment;

import dev.querydriven.modeling.time.TimeSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Moves every queue's watermark forward, once a minute by default. Several instances may
 * run it at once: each move is a lightweight transaction on the watermark's revision, so
 * they never disagree. Off in tests, which drive {@link QueueWatermarks#advance} by hand.
 */
@Component
@ConditionalOnBooleanProperty(name = "querydriven.ecommerce-orders.fulfilment.advancer.enabled", matchIfMissing = true)
class WatermarkAdvancer {

	private static final Logger logger = LoggerFactory.getLogger(WatermarkAdvancer.class);

	private final QueueWatermarks watermarks;

	private final TimeSource time;

	WatermarkAdvancer(QueueWatermarks watermarks, TimeSource time) {
		this.watermarks = watermarks;
		this.time = time;
	}

	@Scheduled(fixedDelayString = "${querydriven.ecommerce-orders.fulfilment.advancer.interval:1m}",
			initialDelayString = "${querydriven.ecommerce-orders.fulfilment.advancer.interval:1m}")
	Mono<Void> advance() {
		return Flux.fromIterable(FulfilmentQueueCopy.QUEUED)
			.concatMap((status) -> this.watermarks.advance(status, this.time.instant())
				.doOnNext((day) -> logger.debug("The {} queue starts at {}", status, day))
				.onErrorResume((ex) -> {
					logger.warn("Could not advance the {} queue's watermark: {}", status, ex.toString());
					return Mono.empty();
				}))
			.then();
	}

}
