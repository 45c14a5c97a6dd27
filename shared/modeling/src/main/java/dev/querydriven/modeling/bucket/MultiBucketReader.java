package dev.querydriven.modeling.bucket;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Answers "latest N" and "range [from, to)" over a bucketed table by reading <b>one
 * partition at a time, in order</b>, and stopping as soon as the page is full: a page of
 * 20 posts from a user who posted 30 times this month reads one partition, not twelve.
 *
 * <p>
 * The walk is bounded by a limit known for the key, never by a guess such as "give up
 * after N empty buckets", which would silently lose older data after a quiet period:
 * "latest" walks back to the bucket of a known oldest instant (the moment the user,
 * sensor or order queue was created), and a caller with a per-key index of non-empty
 * buckets passes exactly those buckets. A page ends with a {@link BucketCursor} (bucket +
 * last clustering position) from which the next page resumes, across bucket boundaries.
 */
public final class MultiBucketReader {

	private MultiBucketReader() {
	}

	/**
	 * The newest rows first, from {@code newest} back to the bucket holding
	 * {@code oldest}.
	 * @param query reads one bucket partition
	 * @param positionOf the clustering position of a row
	 * @param granularity the table's bucket size
	 * @param newest the newest instant to consider (usually now)
	 * @param oldest a known lower bound for the key's data (e.g. its creation time)
	 * @param limit the page size
	 * @param cursor where the previous page ended, or {@code null} for the first page
	 * @param <T> the row type
	 * @param <P> the clustering position type
	 * @return the page
	 */
	public static <T, P> Mono<BucketPage<T, P>> latest(BucketQuery<T, P> query, Function<T, P> positionOf,
			BucketGranularity granularity, Instant newest, Instant oldest, int limit, BucketCursor<P> cursor) {
		Instant to = newest.plusNanos(1);
		return range(query, positionOf, granularity, oldest.isAfter(newest) ? newest : oldest, to,
				ReadOrder.NEWEST_FIRST, limit, cursor);
	}

	/**
	 * The rows of {@code [from, to)}, in the given order.
	 * @param query reads one bucket partition
	 * @param positionOf the clustering position of a row
	 * @param granularity the table's bucket size
	 * @param from the range's start (inclusive)
	 * @param to the range's end (exclusive)
	 * @param order newest or oldest first
	 * @param limit the page size
	 * @param cursor where the previous page ended, or {@code null} for the first page
	 * @param <T> the row type
	 * @param <P> the clustering position type
	 * @return the page
	 */
	public static <T, P> Mono<BucketPage<T, P>> range(BucketQuery<T, P> query, Function<T, P> positionOf,
			BucketGranularity granularity, Instant from, Instant to, ReadOrder order, int limit,
			BucketCursor<P> cursor) {
		List<Bucket> buckets = Buckets.between(granularity, from, to, order);
		return walk(query, positionOf, buckets.stream().map((bucket) -> BucketSlice.of(bucket, from, to)).toList(),
				limit, cursor);
	}

	/**
	 * The rows of the given slices, in the given order: the general form, for callers
	 * that know which buckets hold data (a per-key bucket index).
	 * @param query reads one bucket partition
	 * @param positionOf the clustering position of a row
	 * @param slices the partitions to read, in read order
	 * @param limit the page size
	 * @param cursor where the previous page ended, or {@code null} for the first page
	 * @param <T> the row type
	 * @param <P> the clustering position type
	 * @return the page
	 */
	public static <T, P> Mono<BucketPage<T, P>> walk(BucketQuery<T, P> query, Function<T, P> positionOf,
			List<BucketSlice> slices, int limit, BucketCursor<P> cursor) {
		if (limit < 1) {
			return Mono.error(new IllegalArgumentException("The page size must be at least 1, not " + limit));
		}
		List<BucketSlice> remainingSlices = slices;
		if (cursor != null) {
			int resumeAt = indexOf(slices, cursor.bucket());
			if (resumeAt < 0) {
				return Mono.error(new IllegalArgumentException(
						"The cursor's bucket " + cursor.bucket() + " is not part of this read"));
			}
			remainingSlices = slices.subList(resumeAt, slices.size());
		}
		List<BucketSlice> toRead = remainingSlices;
		return Mono.defer(() -> {
			List<T> items = new ArrayList<>();
			AtomicInteger partitionsRead = new AtomicInteger();
			List<BucketCursor<P>> last = new ArrayList<>(1);
			return Flux.fromIterable(toRead).concatMap((slice) -> {
				int wanted = limit - items.size();
				P after = (cursor != null && slice.bucket().equals(cursor.bucket())) ? cursor.after() : null;
				partitionsRead.incrementAndGet();
				return query.read(slice, after, wanted).collectList().doOnNext((rows) -> {
					items.addAll(rows);
					if (!rows.isEmpty()) {
						last.clear();
						last.add(new BucketCursor<>(slice.bucket(), positionOf.apply(rows.get(rows.size() - 1))));
					}
				});
			}, 1).takeUntil((rows) -> items.size() >= limit).then(Mono.fromSupplier(() -> {
				// A full page may continue; a short one means every bucket up to the
				// bound was read.
				BucketCursor<P> next = (items.size() >= limit && !last.isEmpty()) ? last.get(0) : null;
				return new BucketPage<>(items, next, partitionsRead.get());
			}));
		});
	}

	private static int indexOf(List<BucketSlice> slices, Bucket bucket) {
		for (int i = 0; i < slices.size(); i++) {
			if (slices.get(i).bucket().equals(bucket)) {
				return i;
			}
		}
		return -1;
	}

}
