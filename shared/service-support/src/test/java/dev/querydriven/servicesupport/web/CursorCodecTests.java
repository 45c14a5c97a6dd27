package dev.querydriven.servicesupport.web;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Page cursors are opaque to clients and cannot be forged or replayed on another list.
 */
class CursorCodecTests {

	private final CursorCodec codec = new CursorCodec(
			"0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8));

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
		token[4] ^= 1;
		String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(token);
		assertThatExceptionOfType(InvalidRequestException.class)
			.isThrownBy(() -> this.codec.decodeValues("scope", forged));
	}

	/** Garbage, empty and oversized cursors are refused, not crashed on. */
	@Test
	void malformedCursorsAreRefused() {
		for (String garbage : new String[] { "", "not base64!", "AAAA", "x".repeat(5000) }) {
			assertThatExceptionOfType(InvalidRequestException.class)
				.isThrownBy(() -> this.codec.decodeValues("scope", garbage));
		}
	}

	/** Keys shorter than 256 bits are rejected at startup. */
	@Test
	void shortKeysAreRejected() {
		assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> new CursorCodec(new byte[16]));
	}

}
