package dev.querydriven.modeling.bucket;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Answers "latest N" and "range [from, to)" over a bucketed table by reading <b>one
 * partition at a time, in order</b>, and stopping as soon as the page is full: a page of
 * 20 posts from a user who posted 30 times this month reads one partition, not twelve.
 * Reading the buckets in parallel would be faster for one page but would read (and
 * discard) partitions the page never needed; a multi-partition {@code IN} would make one
 * coordinator gather them all.
 *
 * <p>
 * The walk is bounded by a limit known for the key, never by a guess such as "give up
 * after N empty buckets", which would silently lose older data after a quiet period:
 * "latest" walks back to the bucket of a known oldest instant (the moment the user,
 * sensor or order queue was created), and a caller with a per-key index of non-empty
 * buckets passes exactly those buckets to {@link #walk}. For sparse data over many fine
 * buckets (a sensor silent for a year, read hour by hour) that index is what keeps a page
 * cheap: the walk reads every bucket up to the bound, empty or not, and counts each read
 * in {@link BucketPage#partitionsRead()}.
 *
 * <p>
 * A page ends with a {@link BucketCursor} (bucket + last clustering position) from which
 * the next page resumes, across bucket boundaries: every row is returned exactly once, in
 * order, whatever the page size.
 *
 * <p>
 * Where the buckets between the newest and the bound can be many and empty (months since
 * a user registered, days of a tag whose posts were deleted), a caller can also cap the
 * partitions <em>one page</em> reads ({@code maxPartitions}): a page that reaches the cap
 * before it is full answers with the rows it found and a cursor to the next bucket, and
 * the client's next request continues the walk. The walk still reaches every bucket, only
 * spread over requests, so a request's cost stays bounded whatever the data.
 */
public final class MultiBucketReader {

	private MultiBucketReader() {
	}

	/**
	 * The newest rows first, from {@code newest} back to the bucket holding
	 * {@code oldest}.
	 * <p>
	 * {@code newest} is rounded up to the end of its millisecond, the precision of a CQL
	 * {@code timestamp}, so that a row stored at that millisecond is included. A cursor
	 * from a bucket newer than {@code newest} (a first page answered by an instance whose
	 * clock was ahead) resumes in its bucket.
	 * @param query reads one bucket partition, newest first
	 * @param positionOf the clustering position of a row
	 * @param granularity the table's bucket size
	 * @param newest the newest instant to consider (usually now)
	 * @param oldest a known lower bound for the key's data (e.g. its creation time): the
	 * walk ends in its bucket, and rows before it are not read
	 * @param limit the page size, at least 1
	 * @param cursor where the previous page ended, or {@code null} for the first page
	 * @param <T> the row type
	 * @param <P> the clustering position type
	 * @return the page; an {@link IllegalArgumentException} when the limit is below 1 or
	 * the cursor's bucket is older than {@code oldest}'s
	 */
	public static <T, P> Mono<BucketPage<T, P>> latest(BucketQuery<T, P> query, Function<T, P> positionOf,
			BucketGranularity granularity, Instant newest, Instant oldest, int limit, BucketCursor<P> cursor) {
		return latest(query, positionOf, granularity, newest, oldest, limit, Integer.MAX_VALUE, cursor);
	}

	/**
	 * {@link #latest(BucketQuery, Function, BucketGranularity, Instant, Instant, int, BucketCursor)},
	 * reading at most {@code maxPartitions} partitions for the page: a page that reaches
	 * the cap before it is full ends with a cursor to the next bucket (its
	 * {@link BucketCursor#after() position} {@code null}), from which the next page goes
	 * on.
	 * @param query reads one bucket partition, newest first
	 * @param positionOf the clustering position of a row
	 * @param granularity the table's bucket size
	 * @param newest the newest instant to consider (usually now)
	 * @param oldest a known lower bound for the key's data: the walk ends in its bucket
	 * @param limit the page size, at least 1
	 * @param maxPartitions the most partitions the page reads, at least 1
	 * @param cursor where the previous page ended, or {@code null} for the first page
	 * @param <T> the row type
	 * @param <P> the clustering position type
	 * @return the page; an {@link IllegalArgumentException} when the limit or the cap is
	 * below 1 or the cursor's bucket is older than {@code oldest}'s
	 */
	public static <T, P> Mono<BucketPage<T, P>> latest(BucketQuery<T, P> query, Function<T, P> positionOf,
			BucketGranularity granularity, Instant newest, Instant oldest, int limit, int maxPartitions,
			BucketCursor<P> cursor) {
		Objects.requireNonNull(newest, "newest");
		Objects.requireNonNull(oldest, "oldest");
		Objects.requireNonNull(granularity, "granularity");
		Instant to = newest.truncatedTo(ChronoUnit.MILLIS).plusMillis(1);
		Instant from = oldest.isAfter(newest) ? newest : oldest;
		if (cursor != null && cursor.bucket().granularity() == granularity && cursor.bucket().end().isAfter(to)) {
			to = cursor.bucket().end();
		}
		return range(query, positionOf, granularity, from, to, ReadOrder.NEWEST_FIRST, limit, maxPartitions, cursor);
	}

	/**
	 * The rows of {@code [from, to)}, in the given order, walking every bucket the range
	 * spans (the first and last ones only in part).
	 * @param query reads one bucket partition, in {@code order}
	 * @param positionOf the clustering position of a row
	 * @param granularity the table's bucket size
	 * @param from the range's start (inclusive)
	 * @param to the range's end (exclusive)
	 * @param order newest or oldest first: the order {@code query} reads in
	 * @param limit the page size, at least 1
	 * @param cursor where the previous page ended, or {@code null} for the first page
	 * @param <T> the row type
	 * @param <P> the clustering position type
	 * @return the page; an {@link IllegalArgumentException} when the limit is below 1 or
	 * the cursor's bucket is not one the range spans
	 */
	public static <T, P> Mono<BucketPage<T, P>> range(BucketQuery<T, P> query, Function<T, P> positionOf,
			BucketGranularity granularity, Instant from, Instant to, ReadOrder order, int limit,
			BucketCursor<P> cursor) {
		return range(query, positionOf, granularity, from, to, order, limit, Integer.MAX_VALUE, cursor);
	}

	/**
	 * {@link #range(BucketQuery, Function, BucketGranularity, Instant, Instant, ReadOrder, int, BucketCursor)},
	 * reading at most {@code maxPartitions} partitions for the page (see
	 * {@link #latest(BucketQuery, Function, BucketGranularity, Instant, Instant, int, int, BucketCursor)}).
	 * @param query reads one bucket partition, in {@code order}
	 * @param positionOf the clustering position of a row
	 * @param granularity the table's bucket size
	 * @param from the range's start (inclusive)
	 * @param to the range's end (exclusive)
	 * @param order newest or oldest first: the order {@code query} reads in
	 * @param limit the page size, at least 1
	 * @param maxPartitions the most partitions the page reads, at least 1
	 * @param cursor where the previous page ended, or {@code null} for the first page
	 * @param <T> the row type
	 * @param <P> the clustering position type
	 * @return the page; an {@link IllegalArgumentException} when the limit or the cap is
	 * below 1 or the cursor's bucket is not one the range spans
	 */
	public static <T, P> Mono<BucketPage<T, P>> range(BucketQuery<T, P> query, Function<T, P> positionOf,
			BucketGranularity granularity, Instant from, Instant to, ReadOrder order, int limit, int maxPartitions,
			BucketCursor<P> cursor) {
		Objects.requireNonNull(query, "query");
		Objects.requireNonNull(positionOf, "positionOf");
		Objects.requireNonNull(granularity, "granularity");
		Objects.requireNonNull(from, "from");
		Objects.requireNonNull(to, "to");
		Objects.requireNonNull(order, "order");
		if (limit < 1) {
			return Mono.error(invalidLimit(limit));
		}
		if (maxPartitions < 1) {
			return Mono.error(invalidCap(maxPartitions));
		}
		if (!from.isBefore(to)) {
			return (cursor != null) ? Mono.error(foreignCursor(cursor))
					: Mono.just(new BucketPage<>(List.of(), null, 0));
		}
		Bucket oldestBucket = Bucket.of(granularity, from);
		Bucket newestBucket = Bucket.of(granularity, to.minusNanos(1));
		Bucket first = (order == ReadOrder.OLDEST_FIRST) ? oldestBucket : newestBucket;
		Bucket last = (order == ReadOrder.OLDEST_FIRST) ? newestBucket : oldestBucket;
		if (cursor != null) {
			Bucket resumeIn = cursor.bucket();
			if (resumeIn.granularity() != granularity || resumeIn.compareTo(oldestBucket) < 0
					|| resumeIn.compareTo(newestBucket) > 0) {
				return Mono.error(foreignCursor(cursor));
			}
			first = resumeIn;
		}
		// Generated lazily: the walk asks for the next bucket only when it needs it, so a
		// range over years of hourly buckets costs nothing until it is read.
		Flux<BucketSlice> slices = buckets(first, last, order).map((bucket) -> BucketSlice.of(bucket, from, to));
		Bucket end = last;
		return read(query, positionOf, slices, limit, maxPartitions,
				(bucket) -> bucket.equals(end) ? null : bucket.step(order), cursor);
	}

	/**
	 * The rows of the given slices, in the given order: the general form, for callers
	 * that know which buckets hold data (a per-key bucket index), or that read a table
	 * keyed by a bucket another way (a composite {@code (date, hour)}).
	 * @param query reads one bucket partition, in the slices' order
	 * @param positionOf the clustering position of a row
	 * @param slices the partitions to read, in read order: buckets of one granularity,
	 * strictly newest first or strictly oldest first
	 * @param limit the page size, at least 1
	 * @param cursor where the previous page ended, or {@code null} for the first page
	 * @param <T> the row type
	 * @param <P> the clustering position type
	 * @return the page; an {@link IllegalArgumentException} when the limit is below 1,
	 * the slices are not in a strict order of one granularity, or the cursor's bucket is
	 * not one of the slices
	 */
	public static <T, P> Mono<BucketPage<T, P>> walk(BucketQuery<T, P> query, Function<T, P> positionOf,
			List<BucketSlice> slices, int limit, BucketCursor<P> cursor) {
		return walk(query, positionOf, slices, limit, Integer.MAX_VALUE, cursor);
	}

	/**
	 * {@link #walk(BucketQuery, Function, List, int, BucketCursor)}, reading at most
	 * {@code maxPartitions} partitions for the page (see
	 * {@link #latest(BucketQuery, Function, BucketGranularity, Instant, Instant, int, int, BucketCursor)}).
	 * @param query reads one bucket partition, in the slices' order
	 * @param positionOf the clustering position of a row
	 * @param slices the partitions to read, in read order
	 * @param limit the page size, at least 1
	 * @param maxPartitions the most partitions the page reads, at least 1
	 * @param cursor where the previous page ended, or {@code null} for the first page
	 * @param <T> the row type
	 * @param <P> the clustering position type
	 * @return the page; an {@link IllegalArgumentException} when the limit or the cap is
	 * below 1, the slices are not in a strict order of one granularity, or the cursor's
	 * bucket is not one of the slices
	 */
	public static <T, P> Mono<BucketPage<T, P>> walk(BucketQuery<T, P> query, Function<T, P> positionOf,
			List<BucketSlice> slices, int limit, int maxPartitions, BucketCursor<P> cursor) {
		Objects.requireNonNull(query, "query");
		Objects.requireNonNull(positionOf, "positionOf");
		List<BucketSlice> toRead = List.copyOf(slices);
		if (limit < 1) {
			return Mono.error(invalidLimit(limit));
		}
		if (maxPartitions < 1) {
			return Mono.error(invalidCap(maxPartitions));
		}
		String disorder = disorder(toRead);
		if (disorder != null) {
			return Mono.error(new IllegalArgumentException(disorder));
		}
		int resumeAt = 0;
		if (cursor != null) {
			resumeAt = indexOf(toRead, cursor.bucket());
			if (resumeAt < 0) {
				return Mono.error(foreignCursor(cursor));
			}
		}
		return read(query, positionOf, Flux.fromIterable(toRead.subList(resumeAt, toRead.size())), limit, maxPartitions,
				(bucket) -> {
					int next = indexOf(toRead, bucket) + 1;
					return (next < toRead.size()) ? toRead.get(next).bucket() : null;
				}, cursor);
	}

	/**
	 * Reads the slices one after the other until the page is full or the cap is reached;
	 * {@code following} names the bucket after a given one in the walk ({@code null}
	 * after the last), where a page stopped by the cap resumes.
	 */
	private static <T, P> Mono<BucketPage<T, P>> read(BucketQuery<T, P> query, Function<T, P> positionOf,
			Flux<BucketSlice> slices, int limit, int maxPartitions, Function<Bucket, Bucket> following,
			BucketCursor<P> cursor) {
		return Mono.defer(() -> {
			PageCollector<T, P> page = new PageCollector<>(limit, positionOf);
			// concatMap without prefetch: one partition at a time, and the next one only
			// when the page still has room (takeUntil cancels the walk once it is full).
			return slices.concatMap((slice) -> {
				// Only the cursor's bucket (the first one read) continues after a
				// position.
				P after = (cursor != null && slice.bucket().equals(cursor.bucket())) ? cursor.after() : null;
				int wanted = page.remaining();
				page.partitionsRead++;
				page.lastBucketRead = slice.bucket();
				return query.read(slice, after, wanted)
					.take(wanted)
					.collectList()
					.doOnNext((rows) -> page.add(slice.bucket(), rows));
			}, 0)
				.takeUntil((rows) -> page.isFull() || page.partitionsRead >= maxPartitions)
				.then(Mono.fromSupplier(() -> page.toPage(following)));
		});
	}

	private static Flux<Bucket> buckets(Bucket first, Bucket last, ReadOrder order) {
		return Flux.generate(() -> first, (bucket, sink) -> {
			sink.next(bucket);
			if (bucket.equals(last)) {
				sink.complete();
				return bucket;
			}
			return bucket.step(order);
		});
	}

	private static String disorder(List<BucketSlice> slices) {
		int direction = 0;
		for (int i = 1; i < slices.size(); i++) {
			Bucket previous = slices.get(i - 1).bucket();
			Bucket current = slices.get(i).bucket();
			if (previous.granularity() != current.granularity()) {
				return "The slices mix " + previous.granularity() + " and " + current.granularity() + " buckets";
			}
			int step = Integer.signum(current.compareTo(previous));
			if (step == 0 || (direction != 0 && step != direction)) {
				return "The slices must be strictly newest first or strictly oldest first, not " + previous + " then "
						+ current;
			}
			direction = step;
		}
		return null;
	}

	private static int indexOf(List<BucketSlice> slices, Bucket bucket) {
		for (int i = 0; i < slices.size(); i++) {
			if (slices.get(i).bucket().equals(bucket)) {
				return i;
			}
		}
		return -1;
	}

	private static IllegalArgumentException invalidLimit(int limit) {
		return new IllegalArgumentException("The page size must be at least 1, not " + limit);
	}

	private static IllegalArgumentException invalidCap(int maxPartitions) {
		return new IllegalArgumentException("A page must be allowed at least 1 partition, not " + maxPartitions);
	}

	private static IllegalArgumentException foreignCursor(BucketCursor<?> cursor) {
		return new IllegalArgumentException("The cursor's bucket " + cursor.bucket() + " is not part of this read");
	}

	/**
	 * The page being filled: rows so far, partitions read, and the position of the last
	 * row. Confined to one subscription, whose partition reads run one after the other.
	 */
	private static final class PageCollector<T, P> {

		private final int limit;

		private final Function<T, P> positionOf;

		private final List<T> items = new ArrayList<>();

		private BucketCursor<P> last;

		private int partitionsRead;

		private Bucket lastBucketRead;

		PageCollector(int limit, Function<T, P> positionOf) {
			this.limit = limit;
			this.positionOf = positionOf;
		}

		int remaining() {
			return this.limit - this.items.size();
		}

		boolean isFull() {
			return this.items.size() >= this.limit;
		}

		void add(Bucket bucket, List<T> rows) {
			if (!rows.isEmpty()) {
				this.items.addAll(rows);
				this.last = new BucketCursor<>(bucket, this.positionOf.apply(rows.get(rows.size() - 1)));
			}
		}

		BucketPage<T, P> toPage(Function<Bucket, Bucket> following) {
			// A full page may continue. A short one either read every bucket up to the
			// walk's bound, or stopped at the page's partition cap: then the next page
			// starts at the beginning of the bucket after the last one read.
			if (isFull()) {
				return new BucketPage<>(this.items, this.last, this.partitionsRead);
			}
			Bucket next = (this.lastBucketRead != null) ? following.apply(this.lastBucketRead) : null;
			return new BucketPage<>(this.items, (next != null) ? BucketCursor.startOf(next) : null,
					this.partitionsRead);
		}

	}

}
