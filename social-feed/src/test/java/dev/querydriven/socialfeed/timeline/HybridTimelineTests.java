package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.UUID;

import dev.querydriven.socialfeed.paging.TimelinePosition;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The read-side merge of hybrid fan-out: the reader's fanned-out timeline and the
 * high-follower authors' recent items, newest first, ties broken by id, a page at a time.
 */
class HybridTimelineTests {

	private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

	private final HybridTimeline<Item> timeline = new HybridTimeline<>(Item::position, UuidClusteringOrder.UUID_TYPE);

	private final Comparator<TimelinePosition> order = HybridTimeline.newestFirst(UuidClusteringOrder.UUID_TYPE);

	/**
	 * Items of interleaved times come out newest first, across sources, a page at a time.
	 */
	@Test
	void mergesInterleavedSourcesNewestFirst() {
		Source own = source(item(10, 1), item(7, 2), item(4, 3));
		Source celebrityA = source(item(9, 4), item(6, 5));
		Source celebrityB = source(item(8, 6), item(5, 7));

		TimelinePage<Item> first = this.timeline.page(own, List.of(celebrityA, celebrityB), null, 5).block();
		TimelinePage<Item> second = this.timeline.page(own, List.of(celebrityA, celebrityB), first.next(), 5).block();

		assertThat(first.items()).extracting(Item::second).containsExactly(10, 9, 8, 7, 6);
		assertThat(first.next()).isEqualTo(item(6, 5).position());
		assertThat(second.items()).extracting(Item::second).containsExactly(5, 4);
		assertThat(second.hasNext()).isFalse();
	}

	/**
	 * Items sharing a timestamp are ordered by id as the tables cluster them (not by
	 * UUID.compareTo), and a page boundary inside a tie resumes exactly after it.
	 */
	@Test
	void equalTimestampsAreOrderedByIdAndResumeInsideTheTie() {
		UUID low = UUID.fromString("00000000-0000-4000-8000-000000000001");
		UUID high = UUID.fromString("f0000000-0000-4000-8000-000000000001");
		UUID middle = UUID.fromString("70000000-0000-4000-8000-000000000001");
		assertThat(high.compareTo(low)).isNegative();
		Source own = source(new Item(T0, high), new Item(T0, low));
		Source celebrity = source(new Item(T0, middle));

		TimelinePage<Item> first = this.timeline.page(own, List.of(celebrity), null, 2).block();
		TimelinePage<Item> second = this.timeline.page(own, List.of(celebrity), first.next(), 2).block();

		assertThat(first.items()).extracting(Item::id).containsExactly(high, middle);
		assertThat(second.items()).extracting(Item::id).containsExactly(low);
	}

	/**
	 * An item present in the timeline and in its author's partition (fanned out before
	 * the author crossed the threshold) is shown once.
	 */
	@Test
	void anItemInSeveralSourcesIsShownOnce() {
		Item both = item(5, 1);

		this.timeline.page(source(both, item(3, 2)), List.of(source(item(4, 3), both)), null, 10)
			.as(StepVerifier::create)
			.assertNext((page) -> {
				assertThat(page.items()).extracting(Item::second).containsExactly(5, 4, 3);
				assertThat(page.hasNext()).isFalse();
			})
			.verifyComplete();
	}

	/**
	 * Walking every page of a large merge, resuming from positions that went through a
	 * cursor's string form, yields every item exactly once, in order, however the page
	 * boundaries fall among ties.
	 */
	@Test
	void walkingEveryPageYieldsEveryItemOnceInOrder() {
		Random random = new Random(42);
		List<List<Item>> partitions = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
				new ArrayList<>());
		List<Item> all = new ArrayList<>();
		for (int index = 0; index < 300; index++) {
			// Few distinct seconds: many ties across and within sources.
			Item item = new Item(T0.plusSeconds(random.nextInt(25)), UUID.randomUUID());
			partitions.get(random.nextInt(partitions.size())).add(item);
			all.add(item);
		}
		all.sort(Comparator.comparing(Item::position, this.order));

		for (int limit : new int[] { 1, 7, 20, 100 }) {
			List<Item> walked = new ArrayList<>();
			TimelinePosition after = null;
			int pages = 0;
			do {
				TimelinePage<Item> page = this.timeline
					.page(source(partitions.get(0)), partitions.subList(1, 4).stream().map(this::source).toList(),
							after, limit)
					.block();
				walked.addAll(page.items());
				after = page.hasNext() ? TimelinePosition.fromValues(page.next().values()) : null;
				pages++;
			}
			while (after != null);
			assertThat(walked).as("page size %d", limit).containsExactlyElementsOf(all);
			assertThat(pages).isBetween(300 / limit, 300 / limit + 1);
		}
	}

	/** A page needs a positive size; a position needs a time and an id. */
	@Test
	void refusesBadArguments() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.timeline.page(source(), List.of(), null, 0));
		assertThatIllegalArgumentException().isThrownBy(() -> TimelinePosition.fromValues(List.of("yesterday", "x")));
		assertThatIllegalArgumentException().isThrownBy(() -> TimelinePosition.fromValues(List.of("x")));
	}

	private Source source(Item... items) {
		return source(List.of(items));
	}

	/** A partition as Cassandra serves it: newest first, strictly after the position. */
	private Source source(List<Item> items) {
		List<Item> sorted = items.stream().sorted(Comparator.comparing(Item::position, this.order)).toList();
		return (after, limit) -> Flux.fromIterable(sorted)
			.filter((item) -> after == null || this.order.compare(item.position(), after) > 0)
			.take(limit);
	}

	private static Item item(int second, int id) {
		return new Item(T0.plusSeconds(second), new UUID(0x4000, id));
	}

	interface Source extends TimelineSource<Item> {

	}

	record Item(Instant time, UUID id) {

		TimelinePosition position() {
			return new TimelinePosition(this.time, this.id);
		}

		int second() {
			return (int) (this.time.getEpochSecond() - T0.getEpochSecond());
		}

	}

}
