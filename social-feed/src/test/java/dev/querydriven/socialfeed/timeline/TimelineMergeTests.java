package dev.querydriven.socialfeed.timeline;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The read-side merge of the hybrid fan-out: sorted sources in, one page out.
 */
class TimelineMergeTests {

	private static final UUID READER = UUID.randomUUID();

	/** Entries of several sources interleave newest first and stop at the page size. */
	@Test
	void sourcesInterleaveNewestFirst() {
		UserTimelineRow a3 = entry(30);
		UserTimelineRow a1 = entry(10);
		UserTimelineRow b2 = entry(20);
		UserTimelineRow b0 = entry(5);
		TimelineMerge.Source page = TimelineMerge.merge(List.of(new TimelineMerge.Source(List.of(a3, a1), false),
				new TimelineMerge.Source(List.of(b2, b0), false)), 3);
		assertThat(page.entries()).containsExactly(a3, b2, a1);
		assertThat(page.more()).isTrue();
	}

	/** A post both fanned out and pulled (a promotion race) appears once. */
	@Test
	void duplicatesAppearOnce() {
		UserTimelineRow post = entry(10);
		UserTimelineRow older = entry(5);
		TimelineMerge.Source page = TimelineMerge.merge(List.of(new TimelineMerge.Source(List.of(post, older), false),
				new TimelineMerge.Source(List.of(post), false)), 10);
		assertThat(page.entries()).containsExactly(post, older);
		assertThat(page.more()).isFalse();
	}

	/** The page says more may follow when any source does. */
	@Test
	void moreFollowsWhenASourceHasMore() {
		UserTimelineRow post = entry(10);
		TimelineMerge.Source page = TimelineMerge.merge(
				List.of(new TimelineMerge.Source(List.of(post), true), new TimelineMerge.Source(List.of(), false)), 10);
		assertThat(page.entries()).containsExactly(post);
		assertThat(page.more()).isTrue();
	}

	/** Nothing from nowhere. */
	@Test
	void emptySourcesMakeAnEmptyLastPage() {
		TimelineMerge.Source page = TimelineMerge.merge(List.of(), 20);
		assertThat(page.entries()).isEmpty();
		assertThat(page.more()).isFalse();
	}

	private static UserTimelineRow entry(long second) {
		return new UserTimelineRow(READER, LocalDate.of(2026, 5, 1), Instant.ofEpochSecond(1_777_000_000L + second),
				UUID.randomUUID(), UUID.randomUUID(), "post at " + second, Set.of());
	}

}
