package dev.querydriven.benchmarks.peer;

import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The signature of a full page's cursor: one {@code Mac} per thread, one key per JVM.
 */
class CursorSignerTests {

	private static final byte[] KEY = key((byte) 1);

	private static final byte[] POSITION = CursorSigner.position(1_767_225_600_000L, 42L, -7L);

	/** Each thread has a Mac of its own, and every one of them signs alike. */
	@Test
	void theSameInputGivesTheSameCursorOnTwoThreads() throws Exception {
		CursorSigner signer = new CursorSigner(KEY);
		ExecutorService threads = Executors.newFixedThreadPool(2);
		try {
			CompletableFuture<String> first = CompletableFuture
				.supplyAsync(() -> signer.sign("user-orders:u1", POSITION), threads);
			CompletableFuture<String> second = CompletableFuture
				.supplyAsync(() -> signer.sign("user-orders:u1", POSITION), threads);
			assertThat(first.get()).isEqualTo(second.get()).isEqualTo(signer.sign("user-orders:u1", POSITION));
		}
		finally {
			threads.shutdownNow();
		}
	}

	/** Another key (another JVM) or another list signs the same position differently. */
	@Test
	void anotherKeyOrAnotherScopeGivesAnotherCursor() {
		String cursor = new CursorSigner(KEY).sign("user-orders:u1", POSITION);
		assertThat(new CursorSigner(key((byte) 2)).sign("user-orders:u1", POSITION)).isNotEqualTo(cursor);
		assertThat(new CursorSigner(KEY).sign("user-orders:u2", POSITION)).isNotEqualTo(cursor);
		assertThat(CursorSigner.withRandomKey().sign("user-orders:u1", POSITION))
			.isNotEqualTo(CursorSigner.withRandomKey().sign("user-orders:u1", POSITION));
	}

	/** The position and a 16-byte tag in base64url without padding: URL-safe as it is. */
	@Test
	void aCursorIsThePositionAndItsTagInBase64Url() {
		String cursor = new CursorSigner(KEY).sign("sensor-readings:s1", POSITION);
		assertThat(cursor).matches("[A-Za-z0-9_-]+");
		byte[] token = Base64.getUrlDecoder().decode(cursor);
		assertThat(token).hasSize(POSITION.length + CursorSigner.TAG_LENGTH);
		assertThat(Arrays.copyOf(token, POSITION.length)).isEqualTo(POSITION);
	}

	/** An HMAC-SHA256 key shorter than its output is refused. */
	@Test
	void aShortKeyIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new CursorSigner(new byte[16]))
			.withMessageContaining("at least 32 bytes");
	}

	private static byte[] key(byte fill) {
		byte[] key = new byte[32];
		Arrays.fill(key, fill);
		return key;
	}

}
