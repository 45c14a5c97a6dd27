package dev.querydriven.benchmarks.peer;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.servicesupport.json.StrictJsonAutoConfiguration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pure parts of the home timeline's peer: its buckets, its merge and its JSON.
 */
class TimelinePeerTests {

	private static final Instant NOON = Instant.parse("2026-03-01T12:00:00.123456Z");

	/**
	 * social-feed's peer serves the timeline and the publish, named as the suite names
	 * them.
	 */
	@Test
	void socialFeedHasItsWorkloads() {
		assertThat(LeanPeer.workloads("social-feed")).containsExactly("social-feed/timeline", "social-feed/publish");
	}

	/** Days and months are UTC buckets, walked back across month and year ends. */
	@Test
	void bucketsAreUtcDaysAndMonths() {
		TimelinePeer.Granularity day = TimelinePeer.Granularity.DAY;
		TimelinePeer.Granularity month = TimelinePeer.Granularity.MONTH;
		assertThat(day.floor(NOON)).isEqualTo(Instant.parse("2026-03-01T00:00:00Z"));
		assertThat(day.previous(day.floor(NOON))).isEqualTo(Instant.parse("2026-02-28T00:00:00Z"));
		assertThat(day.next(day.floor(NOON))).isEqualTo(Instant.parse("2026-03-02T00:00:00Z"));
		assertThat(month.floor(NOON)).isEqualTo(Instant.parse("2026-03-01T00:00:00Z"));
		assertThat(month.previous(Instant.parse("2026-01-01T00:00:00Z")))
			.isEqualTo(Instant.parse("2025-12-01T00:00:00Z"));
		assertThat(month.next(Instant.parse("2026-01-01T00:00:00Z"))).isEqualTo(Instant.parse("2026-02-01T00:00:00Z"));
		assertThat(month.key(Instant.parse("2026-05-31T23:59:59Z"))).isEqualTo("2026-05");
	}

	/** A range ends after its millisecond, as a CQL timestamp has no finer precision. */
	@Test
	void aRangeEndsAfterItsMillisecond() {
		assertThat(TimelinePeer.endOfMillisecond(NOON)).isEqualTo(Instant.parse("2026-03-01T12:00:00.124Z"));
	}

	/**
	 * Ties are ordered as a {@code uuid} column sorts them: the high bits unsigned, which
	 * {@link UUID#compareTo} does not do.
	 */
	@Test
	void tiesFollowTheUuidColumnsOrder() {
		UUID low = UUID.fromString("10000000-0000-4000-8000-000000000000");
		UUID high = UUID.fromString("f0000000-0000-4000-8000-000000000000");
		assertThat(high.compareTo(low)).isNegative();
		assertThat(TimelinePeer.compareUuidColumn(high, low)).isPositive();
		UUID earlier = UUID.fromString("ffffffff-0000-1000-8000-000000000000");
		UUID later = UUID.fromString("00000000-0001-1000-8000-000000000000");
		assertThat(TimelinePeer.compareUuidColumn(earlier, later)).isNegative();
	}

	/**
	 * The merge sorts newest first, keeps a post read twice once, keeps the newest
	 * {@code limit} and ends on its last entry when more may follow.
	 */
	@Test
	void mergeKeepsTheNewestOnceEach() {
		UUID low = UUID.fromString("10000000-0000-4000-8000-000000000000");
		UUID high = UUID.fromString("f0000000-0000-4000-8000-000000000000");
		TimelinePeer.Entry newest = entry(NOON.plusSeconds(2), low);
		TimelinePeer.Entry tieHigh = entry(NOON, high);
		TimelinePeer.Entry tieLow = entry(NOON, low);
		TimelinePeer.Entry oldest = entry(NOON.minusSeconds(1), low);
		TimelinePeer.Merged merged = TimelinePeer.merge(List.of(List.of(tieLow, oldest), List.of(newest, tieHigh)), 3);
		assertThat(merged.items()).containsExactly(newest, tieHigh, tieLow);
		assertThat(merged.next()).isEqualTo(tieLow);
		TimelinePeer.Merged twice = TimelinePeer.merge(List.of(List.of(newest), List.of(newest, tieLow)), 3);
		assertThat(twice.items()).containsExactly(newest, tieLow);
		assertThat(twice.next()).isNull();
		TimelinePeer.Merged full = TimelinePeer.merge(List.of(List.of(newest, tieLow), List.of()), 2);
		assertThat(full.items()).containsExactly(newest, tieLow);
		assertThat(full.next()).isEqualTo(tieLow);
	}

	/** An unfollowed author's entries up to the unfollow are hidden, later ones shown. */
	@Test
	void hiddenAuthorsHideTheirEntriesUpToTheUnfollow() {
		TimelinePeer.Entry entry = entry(NOON, UUID.randomUUID());
		assertThat(TimelinePeer.isVisible(entry, Map.of())).isTrue();
		assertThat(TimelinePeer.isVisible(entry, Map.of(entry.authorId(), NOON))).isFalse();
		assertThat(TimelinePeer.isVisible(entry, Map.of(entry.authorId(), NOON.minusMillis(1)))).isTrue();
	}

	/**
	 * A page of posts is what the service's mapper writes for its {@code PostResponse}:
	 * the hashtags sorted, the time as ISO-8601 text, the next cursor included when null.
	 */
	@Test
	void theJsonIsTheServicesJson() {
		TimelinePeer.Entry entry = new TimelinePeer.Entry(Instant.parse("2026-03-01T12:00:00.120Z"),
				UUID.fromString("0f6b7a52-9d0c-4c8e-a5a1-3f0e8f2c9b11"),
				UUID.fromString("5d0c1a52-9d0c-4c8e-a5a1-3f0e8f2c9b11"), "Hello #java #cql", Set.of("java", "cql"));
		Page<TimelinePeer.Post> page = new Page<>(List.of(TimelinePeer.Post.of(entry)), null);
		JsonMapper peer = JsonMapper.builder().build();
		assertThat(peer.writeValueAsString(page))
			.isEqualTo("{\"items\":[{\"id\":\"0f6b7a52-9d0c-4c8e-a5a1-3f0e8f2c9b11\","
					+ "\"authorId\":\"5d0c1a52-9d0c-4c8e-a5a1-3f0e8f2c9b11\",\"content\":\"Hello #java #cql\","
					+ "\"hashtags\":[\"cql\",\"java\"],\"createdAt\":\"2026-03-01T12:00:00.120Z\"}],\"next\":null}");
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(StrictJsonAutoConfiguration.class, JacksonAutoConfiguration.class))
			.run((context) -> assertThat(peer.writeValueAsString(page))
				.isEqualTo(context.getBean(JsonMapper.class).writeValueAsString(page)));
	}

	private static TimelinePeer.Entry entry(Instant time, UUID postId) {
		return new TimelinePeer.Entry(time, postId, UUID.randomUUID(), "content", Set.of());
	}

}
