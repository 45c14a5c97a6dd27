package dev.querydriven.benchmarks.peer;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs the position a full page ends at, as the services' cursors do in spirit: an
 * HMAC-SHA256 tag over the list's scope and the position, so that a client can neither
 * forge a position nor carry a cursor of one list over to another. The services' codec
 * also stamps an issue time and a key id (for expiry and key rotation); a peer serves
 * first pages only, so those would be work nobody reads.
 *
 * <p>
 * A {@link Mac} is stateful and not thread-safe, and {@link Mac#getInstance} looks the
 * algorithm up among the security providers on every call: each thread (each event loop)
 * keeps one, initialised once with the key.
 */
final class CursorSigner {

	/** The services' codec keeps the first 16 bytes of the tag, as here. */
	static final int TAG_LENGTH = 16;

	private static final String ALGORITHM = "HmacSHA256";

	private final SecretKeySpec key;

	private final ThreadLocal<Mac> macs;

	/**
	 * A signer with the given key.
	 * @param key the HMAC key, at least 32 bytes
	 */
	CursorSigner(byte[] key) {
		if (key.length < 32) {
			throw new IllegalArgumentException("A cursor key needs at least 32 bytes, not " + key.length);
		}
		this.key = new SecretKeySpec(key.clone(), ALGORITHM);
		this.macs = ThreadLocal.withInitial(this::newMac);
	}

	/**
	 * A signer with a key of 32 random bytes, drawn once per JVM: a peer is one instance,
	 * so no other process needs to verify its cursors.
	 * @return the signer
	 */
	static CursorSigner withRandomKey() {
		byte[] key = new byte[32];
		new SecureRandom().nextBytes(key);
		return new CursorSigner(key);
	}

	/**
	 * A cursor: the position and the first {@value #TAG_LENGTH} bytes of its tag,
	 * base64url without padding (safe in a query parameter as it is).
	 * @param scope the list the position belongs to, e.g. {@code "user-orders:" + userId}
	 * @param position where the page ended
	 * @return the cursor
	 */
	String sign(String scope, byte[] position) {
		Mac mac = this.macs.get();
		mac.update(scope.getBytes(StandardCharsets.UTF_8));
		// A separator, so that the scope "a" with position "bc" and the scope "ab" with
		// position "c" are signed differently.
		mac.update((byte) 0);
		mac.update(position);
		byte[] tag = mac.doFinal();
		byte[] token = Arrays.copyOf(position, position.length + TAG_LENGTH);
		System.arraycopy(tag, 0, token, position.length, TAG_LENGTH);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(token);
	}

	/**
	 * A position of two longs, e.g. a time and a second clustering value.
	 * @param first the first value
	 * @param second the second value
	 * @return sixteen bytes, big-endian
	 */
	static byte[] position(long first, long second) {
		return ByteBuffer.allocate(2 * Long.BYTES).putLong(first).putLong(second).array();
	}

	/**
	 * A position of three longs, e.g. a time and a UUID's two halves.
	 * @param first the first value
	 * @param second the second value
	 * @param third the third value
	 * @return twenty-four bytes, big-endian
	 */
	static byte[] position(long first, long second, long third) {
		return ByteBuffer.allocate(3 * Long.BYTES).putLong(first).putLong(second).putLong(third).array();
	}

	private Mac newMac() {
		try {
			Mac mac = Mac.getInstance(ALGORITHM);
			mac.init(this.key);
			return mac;
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ALGORITHM + " is not available", ex);
		}
	}

}
