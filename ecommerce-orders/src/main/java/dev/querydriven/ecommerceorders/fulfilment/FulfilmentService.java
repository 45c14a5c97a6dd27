package dev.querydriven.ecommerceorders.fulfilment;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import dev.querydriven.ecommerceorders.order.OrderStatus;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketCursor;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.BucketPage;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.bucket.Buckets;
import dev.querydriven.modeling.bucket.MultiBucketReader;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.Page;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Reads the fulfilment queue oldest first: from the status's watermark day to today, one
 * {@code (status, day)} partition at a time, stopping as soon as the page is full
 * ({@link MultiBucketReader}). The page cursor carries the day and the last clustering
 * key read, so the next page resumes exactly after it, across days.
 */
@Service
class FulfilmentService {

	private final FulfilmentRepository repository;

	private final QueueWatermarks watermarks;

	private final CursorCodec cursors;

	private final TimeSource time;

	private final Duration window;

	private final DistributionSummary partitionsRead;

	FulfilmentService(FulfilmentRepository repository, QueueWatermarks watermarks, CursorCodec cursors, TimeSource time,
			FulfilmentProperties properties, MeterRegistry meters) {
		this.repository = repository;
		this.watermarks = watermarks;
		this.cursors = cursors;
		this.time = time;
		this.window = properties.writeWindow();
		this.partitionsRead = DistributionSummary.builder("querydriven.ecommerceorders.queue.partitions-read")
			.description("Partitions one page of the fulfilment queue read")
			.register(meters);
	}

	/**
	 * A page of a status's queue, oldest first.
	 * @param status the queue: {@code PENDING}, {@code PAID} or {@code SHIPPED}
	 * @param cursor the previous page's cursor, or {@code null}
	 * @param limit the page size
	 * @return the page, with the cursor of the next one
	 */
	Mono<Page<OrdersByStatusRow>> queue(OrderStatus status, String cursor, int limit) {
		return page(status, cursor, limit).map((page) -> new Page<>(page.items(), encode(status, page.next())));
	}

	/**
	 * A page of a status's queue, oldest first, as the bucket walk returned it.
	 * @param status the queue: {@code PENDING}, {@code PAID} or {@code SHIPPED}
	 * @param cursor the previous page's cursor, or {@code null}
	 * @param limit the page size
	 * @return the page, with the number of partitions it read
	 */
	Mono<BucketPage<OrdersByStatusRow, OrdersByStatusRow.QueuePosition>> page(OrderStatus status, String cursor,
			int limit) {
		if (!FulfilmentQueueCopy.QUEUED.contains(status)) {
			return Mono.error(new InvalidRequestException("status", "must be PENDING, PAID or SHIPPED: "
					+ "delivered and cancelled orders leave the fulfilment queue (find them per user or product)"));
		}
		return Mono.defer(() -> {
			BucketCursor<OrdersByStatusRow.QueuePosition> after = (cursor != null) ? decode(status, cursor) : null;
			return read(status, after, limit);
		}).doOnNext((page) -> this.partitionsRead.record(page.partitionsRead()));
	}

	private Mono<BucketPage<OrdersByStatusRow, OrdersByStatusRow.QueuePosition>> read(OrderStatus status,
			BucketCursor<OrdersByStatusRow.QueuePosition> after, int limit) {
		return this.watermarks.oldestDay(status).flatMap((oldestDay) -> {
			Bucket first = Bucket.of(BucketGranularity.DAY, oldestDay.atStartOfDay(ZoneOffset.UTC).toInstant());
			if (after != null && after.bucket().compareTo(first) < 0) {
				// The watermark moved past the cursor's day since the previous page:
				// resume there anyway (it is empty now, and reading it costs one
				// partition).
				first = after.bucket();
			}
			// Up to today, plus the write window: an instance whose clock runs a little
			// ahead may already write into tomorrow.
			Bucket last = Bucket.of(BucketGranularity.DAY, this.time.instant().plus(this.window));
			if (last.compareTo(first) < 0) {
				last = first;
			}
			List<BucketSlice> days = Buckets.walk(first, last).stream().map(BucketSlice::of).toList();
			return MultiBucketReader.walk((slice, position, max) -> this.repository.findByStatusAndDay(status,
					slice.bucket().date(), position, max), OrdersByStatusRow::position, days, limit, after);
		});
	}

	/**
	 * Encodes where the next page starts.
	 * @param status the queue
	 * @param next the position after the page, or {@code null}
	 * @return the cursor, or {@code null}
	 */
	String encode(OrderStatus status, BucketCursor<OrdersByStatusRow.QueuePosition> next) {
		if (next == null) {
			return null;
		}
		return this.cursors.encode(scope(status), List.of(next.bucket().key(),
				Long.toString(next.after().orderTime().toEpochMilli()), next.after().orderId().toString()));
	}

	private BucketCursor<OrdersByStatusRow.QueuePosition> decode(OrderStatus status, String cursor) {
		List<String> values = this.cursors.decodeValues(scope(status), cursor);
		try {
			return new BucketCursor<>(Bucket.parse(BucketGranularity.DAY, values.get(0)),
					new OrdersByStatusRow.QueuePosition(Instant.ofEpochMilli(Long.parseLong(values.get(1))),
							UUID.fromString(values.get(2))));
		}
		catch (RuntimeException ex) {
			throw new InvalidRequestException("cursor", "is not a cursor issued for this list");
		}
	}

	private static String scope(OrderStatus status) {
		return "orders-by-status:" + status;
	}

}
