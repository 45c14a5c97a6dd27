package dev.querydriven.servicesupport.web;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Page cursors are opaque to clients, cannot be forged or replayed on another list,
 * expire, and survive a key rotation.
 */
class CursorCodecTests {

	private static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8);

	private static final byte[] NEXT_KEY = "fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.UTF_8);

	private static final Instant NOW = Instant.parse("2026-05-03T10:00:00Z");

	private static final Duration TTL = Duration.ofHours(1);

	private final CursorCodec codec = new CursorCodec(KEY);

	/** A position survives the round trip through a cursor. */
	@Test
	void positionRoundTrips() {
		String cursor = this.codec.encode("user-posts:42", List.of("2026-05", "2026-05-03T10:00:00Z", "post-7"));
		assertThat(this.codec.decodeValues("user-posts:42", cursor)).containsExactly("2026-05", "2026-05-03T10:00:00Z",
				"post-7");
		ByteBuffer pagingState = ByteBuffer.wrap(new byte[] { 1, 2, 3 });
		assertThat(this.codec.decodeBytes("followers:1", this.codec.encode("followers:1", pagingState)))
			.isEqualTo(pagingState);
	}

	/**
	 * Event loops sign and check cursors side by side: each thread's own {@code Mac}
	 * gives every cursor the tag a single thread would.
	 */
	@Test
	void cursorsSignedOnManyThreadsAtOnceRead() {
		// A fixed clock: the issue time is signed too.
		CursorCodec codec = new CursorCodec(KEY, null, TTL, Clock.fixed(NOW, ZoneOffset.UTC));
		List<String> expected = IntStream.range(0, 2000)
			.mapToObj((i) -> codec.encode("user-posts:" + i, List.of("post-" + i)))
			.toList();
		List<String> concurrent = IntStream.range(0, 2000)
			.parallel()
			.mapToObj((i) -> codec.encode("user-posts:" + i, List.of("post-" + i)))
			.toList();
		assertThat(concurrent).isEqualTo(expected);
		IntStream.range(0, 2000)
			.parallel()
			.forEach((i) -> assertThat(codec.decodeValues("user-posts:" + i, concurrent.get(i)))
				.containsExactly("post-" + i));
	}

	/** A cursor of one list is refused on another (another user's timeline). */
	@Test
	void cursorOfAnotherListIsRefused() {
		String cursor = this.codec.encode("timeline:alice", List.of("x"));
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> this.codec.decodeValues("timeline:bob", cursor))
			.satisfies((ex) -> assertThat(ex.getField()).isEqualTo("cursor"));
	}

	/** Changing a single byte of the position breaks the signature. */
	@Test
	void tamperedCursorIsRefused() {
		byte[] token = Base64.getUrlDecoder().decode(this.codec.encode("scope", List.of("bucket-1")));
		// The position starts after the version, the key id and the issue time.
		token[13 + 2] ^= 1;
		String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(token);
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> this.codec.decodeValues("scope", forged))
			.withMessageContaining("not a cursor issued for this list");
	}

	/** Garbage, empty and oversized cursors are refused, not crashed on. */
	@Test
	void malformedCursorsAreRefused() {
		for (String garbage : new String[] { "", "not base64!", "AAAA", "x".repeat(5000) }) {
			assertThatExceptionOfType(InvalidRequestException.class)
				.isThrownBy(() -> this.codec.decodeValues("scope", garbage));
		}
	}

	/** Keys shorter than 256 bits are rejected at startup, the previous key too. */
	@Test
	void shortKeysAreRejected() {
		assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> new CursorCodec(new byte[16]));
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> new CursorCodec(KEY, new byte[16], TTL, Clock.systemUTC()));
	}

	/** A cursor reads until its lifetime is over, and not a second longer. */
	@Test
	void cursorExpiresAfterItsLifetime() {
		String cursor = at(NOW, KEY, null).encode("scope", List.of("bucket-1"));
		assertThat(at(NOW.plus(TTL), KEY, null).decodeValues("scope", cursor)).containsExactly("bucket-1");
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> at(NOW.plus(TTL).plusSeconds(1), KEY, null).decodeValues("scope", cursor))
			.satisfies((ex) -> assertThat(ex.getField()).isEqualTo("cursor"))
			.withMessageContaining("expired");
	}

	/**
	 * After a rotation, cursors signed with the previous key still read, and new ones are
	 * signed with the current key.
	 */
	@Test
	void cursorsOfThePreviousKeyReadAfterARotation() {
		CursorCodec before = at(NOW, KEY, null);
		CursorCodec after = at(NOW, NEXT_KEY, KEY);
		String old = before.encode("scope", List.of("bucket-1"));
		assertThat(after.decodeValues("scope", old)).containsExactly("bucket-1");
		String fresh = after.encode("scope", List.of("bucket-2"));
		assertThat(at(NOW, NEXT_KEY, null).decodeValues("scope", fresh)).containsExactly("bucket-2");
		assertThat(after.keyId()).isEqualTo(at(NOW, NEXT_KEY, null).keyId()).isNotEqualTo(before.keyId());
	}

	/**
	 * A cursor whose key is no longer held (the rotation finished) is refused naming the
	 * cursor, not mistaken for a forgery by another key.
	 */
	@Test
	void cursorOfAnUnknownKeyIsRefused() {
		String old = at(NOW, KEY, null).encode("scope", List.of("bucket-1"));
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> at(NOW, NEXT_KEY, null).decodeValues("scope", old))
			.satisfies((ex) -> assertThat(ex.getField()).isEqualTo("cursor"))
			.withMessageContaining("no longer accepts");
	}

	/** The issue time is signed: moving it forward to extend a cursor breaks the tag. */
	@Test
	void issueTimeCannotBeMoved() {
		byte[] token = Base64.getUrlDecoder().decode(at(NOW, KEY, null).encode("scope", List.of("bucket-1")));
		// The issue time follows the version byte and the four bytes of the key id.
		ByteBuffer.wrap(token).putLong(5, NOW.plus(TTL.multipliedBy(2)).getEpochSecond());
		String moved = Base64.getUrlEncoder().withoutPadding().encodeToString(token);
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> at(NOW.plus(TTL).plusSeconds(1), KEY, null).decodeValues("scope", moved))
			.withMessageContaining("not a cursor issued for this list");
	}

	private static CursorCodec at(Instant now, byte[] key, byte[] previousKey) {
		return new CursorCodec(key, previousKey, TTL, Clock.fixed(now, ZoneOffset.UTC));
	}

}
