package dev.querydriven.ecommerceorders.fulfilment;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * The per-status watermark of the fulfilment queue: the oldest day that may still hold
 * rows. Readers start there, so a queue read never walks the empty (or tombstone-filled)
 * days of the past. It must never pass a day that holds, or is about to receive, a row,
 * or that row would never be read. Three rules keep it so:
 * <ol>
 * <li><b>Open days are free.</b> A new order lands in today's bucket; the advancer never
 * passes a day until it ended one write window ago, so those writes need no
 * coordination.</li>
 * <li><b>Older days are protected first.</b> An order paid three days after it was placed
 * moves into the PAID queue of that older day. Before such an insert, the writer makes
 * sure the watermark is at or before the day and protects the day (and every later one)
 * for two write windows, in one lightweight transaction. A protection that still lasts
 * another window covers the next writers too, so busy days cost one transaction per
 * window, not one per order; it is cached per instance, which is safe because a
 * protection is never shortened.</li>
 * <li><b>The advancer is careful.</b> It passes a day only if the day is closed,
 * unprotected and empty (a {@code LOCAL_QUORUM} read), and moves the watermark with a
 * transaction conditioned on the revision it read, so any writer's protection in between
 * makes it fail.</li>
 * </ol>
 * A write that took longer than its window anyway checks afterwards that the watermark
 * did not pass its day meanwhile, and lowers it again if it did.
 */
@Component
public class QueueWatermarks {

	private static final int MAX_ATTEMPTS = 10;

	private final FulfilmentRepository repository;

	private final Duration window;

	private final TimeSource time;

	private final MeterRegistry meters;

	private final Map<OrderStatus, StatusWatermarksRow> cache = new ConcurrentHashMap<>();

	QueueWatermarks(FulfilmentRepository repository, FulfilmentProperties properties, TimeSource time,
			MeterRegistry meters) {
		this.repository = repository;
		this.window = properties.writeWindow();
		this.time = time;
		this.meters = meters;
	}

	/**
	 * Makes a write into a day of a status's queue safe.
	 * @param status the queue
	 * @param day the day about to receive a row
	 * @return the instant by which the write must have landed
	 */
	Mono<Instant> protect(OrderStatus status, Bucket day) {
		Instant now = this.time.instant();
		if (day.end().isAfter(now)) {
			return Mono.just(day.end().plus(this.window));
		}
		StatusWatermarksRow cached = this.cache.get(status);
		if (cached != null && cached.covers(day.date(), now, this.window)) {
			return Mono.just(cached.protectedUntil());
		}
		return this.repository.findWatermark(status).flatMap((row) -> {
			remember(row);
			return row.covers(day.date(), now, this.window) ? Mono.just(row.protectedUntil())
					: protect(row, day.date(), now, MAX_ATTEMPTS);
		});
	}

	private Mono<Instant> protect(StatusWatermarksRow row, LocalDate day, Instant now, int attemptsLeft) {
		StatusWatermarksRow next = row.protecting(day, now, this.window);
		return this.repository.compareAndSetWatermark(row, next).flatMap((applied) -> {
			if (applied) {
				remember(next);
				this.meters.counter("querydriven.ecommerceorders.watermark.protections", "status", row.status().name())
					.increment();
				return Mono.just(next.protectedUntil());
			}
			return this.repository.findWatermark(row.status()).flatMap((current) -> {
				remember(current);
				if (current.covers(day, now, this.window)) {
					return Mono.just(current.protectedUntil());
				}
				if (attemptsLeft <= 1) {
					return Mono.error(new IllegalStateException("Could not protect " + day + " in the " + row.status()
							+ " queue: the watermark kept changing"));
				}
				return protect(current, day, now, attemptsLeft - 1);
			});
		});
	}

	/**
	 * After a write into a day: if it landed later than its deadline, the advancer may
	 * have passed the day meanwhile, so the watermark is checked and lowered if needed.
	 * @param status the queue
	 * @param day the day written
	 * @param deadline the deadline {@link #protect} returned
	 * @return completes when the row is reachable from the watermark
	 */
	Mono<Void> confirm(OrderStatus status, Bucket day, Instant deadline) {
		Instant now = this.time.instant();
		if (!now.isAfter(deadline)) {
			return Mono.empty();
		}
		this.meters.counter("querydriven.ecommerceorders.watermark.late-writes", "status", status.name()).increment();
		return this.repository.findWatermark(status)
			.flatMap((row) -> row.oldestDay().isAfter(day.date()) ? protect(row, day.date(), now, MAX_ATTEMPTS).then()
					: Mono.empty());
	}

	/**
	 * The day a status's queue starts at.
	 * @param status the queue
	 * @return the oldest day that may hold rows
	 */
	Mono<LocalDate> oldestDay(OrderStatus status) {
		return this.repository.findWatermark(status).map(StatusWatermarksRow::oldestDay);
	}

	/**
	 * Moves a status's watermark past the days that are closed, unprotected and empty.
	 * @param status the queue
	 * @param now the current instant
	 * @return the watermark afterwards
	 */
	public Mono<LocalDate> advance(OrderStatus status, Instant now) {
		return this.repository.findWatermark(status).flatMap((row) -> firstDayToKeep(row, now).flatMap((keep) -> {
			if (!keep.isAfter(row.oldestDay())) {
				return Mono.just(row.oldestDay());
			}
			StatusWatermarksRow next = row.advancedTo(keep);
			return this.repository.compareAndSetWatermark(row, next).map((applied) -> {
				if (!applied) {
					// A writer protected or lowered it meanwhile: its decision wins, the
					// next run tries again.
					return row.oldestDay();
				}
				remember(next);
				this.meters.counter("querydriven.ecommerceorders.watermark.days-advanced", "status", status.name())
					.increment(ChronoUnit.DAYS.between(row.oldestDay(), keep));
				return keep;
			});
		}));
	}

	private Mono<LocalDate> firstDayToKeep(StatusWatermarksRow row, Instant now) {
		return Flux.<LocalDate, LocalDate>generate(row::oldestDay, (day, sink) -> {
			sink.next(day);
			return day.plusDays(1);
		}).concatMap((day) -> keeps(row, day, now).filter(Boolean::booleanValue).map((keep) -> day), 1).next();
	}

	private Mono<Boolean> keeps(StatusWatermarksRow row, LocalDate day, Instant now) {
		Instant end = day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
		if (end.plus(this.window).isAfter(now) || row.protects(day, now)) {
			// Still open, or a writer may be inserting into it.
			return Mono.just(true);
		}
		return this.repository.isEmpty(row.status(), day).map((empty) -> !empty);
	}

	private void remember(StatusWatermarksRow row) {
		this.cache.merge(row.status(), row, (old, fresh) -> (fresh.revision() >= old.revision()) ? fresh : old);
	}

	/**
	 * The bucket of an order time.
	 * @param orderTime the order time
	 * @return its day
	 */
	static Bucket dayOf(Instant orderTime) {
		return Bucket.of(BucketGranularity.DAY, orderTime);
	}

}
