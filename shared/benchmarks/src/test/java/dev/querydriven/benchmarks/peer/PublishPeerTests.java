package dev.querydriven.benchmarks.peer;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The pure parts of the publish's peer: the post's rules, its hashtags, its timestamp,
 * its copies' TTL and its follower shards.
 */
class PublishPeerTests {

	/**
	 * Hashtags as the service parses them: distinct, lower-case, sorted, and not glued to
	 * a preceding word character or an HTML entity.
	 */
	@Test
	void hashtagsAreParsedAsTheServiceParsesThem() {
		assertThat(PublishPeer.hashtags("#Java and #java, a#b &#35; #x_1 #Été")).containsExactly("java", "x_1", "été");
		assertThat(PublishPeer.hashtags("no tags")).isEmpty();
	}

	/** Too many or too long hashtags are a 400 naming the content. */
	@Test
	void tooManyOrTooLongHashtagsAreRefused() {
		StringBuilder eleven = new StringBuilder();
		for (int i = 0; i < 11; i++) {
			eleven.append(" #t").append(i);
		}
		assertThatExceptionOfType(Parameters.Invalid.class).isThrownBy(() -> PublishPeer.hashtags(eleven.toString()))
			.withMessage("has 11 distinct hashtags; at most 10 are allowed");
		assertThatExceptionOfType(Parameters.Invalid.class).isThrownBy(() -> PublishPeer.hashtags("#" + "a".repeat(51)))
			.withMessage("hashtag #aaaaaaaaaaaaaaaaaaaa... is longer than 50 characters");
	}

	/** The body's annotations: not blank (as trimmed), at most 500 characters. */
	@Test
	void contentMustBePresentAndShort() {
		assertThat(PublishPeer.contentViolation(null)).isEqualTo("must not be blank");
		assertThat(PublishPeer.contentViolation(" \n\t")).isEqualTo("must not be blank");
		assertThat(PublishPeer.contentViolation("a".repeat(501))).isEqualTo("size must be between 0 and 500");
		assertThat(PublishPeer.contentViolation("a".repeat(500))).isNull();
	}

	/** Multi-line text: line breaks and tabs pass, control characters do not. */
	@Test
	void contentIsMultilineText() {
		assertThat(PublishPeer.multilineViolation("one\n\ttwo \uD83D\uDE00")).isNull();
		assertThat(PublishPeer.multilineViolation("a\u0007"))
			.isEqualTo("must not contain control characters (U+0007 at index 1)");
		assertThat(PublishPeer.multilineViolation("\uD83D"))
			.isEqualTo("must be valid Unicode: an unpaired surrogate U+D83D at index 0 is not a character");
		assertThat(PublishPeer.multilineViolation("x\u202E")).startsWith("must not contain bidirectional");
	}

	/** The body reads as the service's {@code CreatePostRequest} does. */
	@Test
	void theBodyIsReadWithPlainJackson() {
		assertThat(JsonMapper.builder().build().readValue("{\"content\":\"Hello #java\"}", PublishPeer.NewPost.class))
			.isEqualTo(new PublishPeer.NewPost("Hello #java"));
	}

	/** Every copy's write timestamp is the post's time, in microseconds. */
	@Test
	void theTimestampIsThePostsTime() {
		assertThat(PublishPeer.micros(Instant.parse("2026-03-01T12:00:00.123Z"))).isEqualTo(1_772_366_400_123_000L);
		assertThat(PublishPeer.month(Instant.parse("2026-03-01T12:00:00Z"))).isEqualTo("2026-03");
	}

	/**
	 * A copy expires when its post leaves the 30-day window, in whole seconds, and never
	 * lives longer than the window (a post time ahead of the clock).
	 */
	@Test
	void copiesExpireWithTheWindow() {
		Instant post = Instant.parse("2026-03-01T12:00:00Z");
		assertThat(PublishPeer.ttl(post, post)).isEqualTo(Duration.ofDays(30));
		assertThat(PublishPeer.ttl(post, post.plusMillis(1_500))).isEqualTo(Duration.ofDays(30).minusSeconds(2));
		assertThat(PublishPeer.ttl(post, post.minusSeconds(10))).isEqualTo(Duration.ofDays(30));
		assertThat(PublishPeer.ttl(post, post.plus(Duration.ofDays(31)))).isNegative();
	}

	/** The follows received number the last follower shard, 50,000 follows a shard. */
	@Test
	void followsReceivedNumberTheShards() {
		assertThat(PublishPeer.lastShard(0)).isZero();
		assertThat(PublishPeer.lastShard(-3)).isZero();
		assertThat(PublishPeer.lastShard(49_999)).isZero();
		assertThat(PublishPeer.lastShard(50_000)).isEqualTo(1);
	}

}
