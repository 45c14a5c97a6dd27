package dev.querydriven.servicesupport.web;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Opaque, tamper-evident, expiring page cursors. A cursor carries a position (a bucket
 * and the last clustering key read, or the driver's paging state), the time it was
 * issued, the id of the key that signed it, and an HMAC-SHA256 tag over all of that and
 * its scope: the endpoint and the parameters that select the list. A client can neither
 * forge a position nor replay a cursor of one list (another user's timeline) on another;
 * either gets a 400. The driver's own "safe" paging state is only a checksum, not a
 * signature.
 *
 * <p>
 * Cursors expire ({@code querydriven.paging.cursor-ttl}, an hour by default): a position
 * is only meaningful for a while (timelines move on, tables get migrated), and a leaked
 * cursor should not page through someone's list for ever. Keys rotate: a cursor names its
 * key by id, so one signed with the previous key still reads until it expires, while new
 * cursors use the current key. The id is derived from the key itself, so there is no id
 * to configure or to get wrong. An expired cursor, or one signed with a key this service
 * no longer holds, is a 400 naming {@code cursor}, like a forged one.
 */
public final class CursorCodec {

	/** How long a cursor reads when no lifetime is configured. */
	public static final Duration DEFAULT_TTL = Duration.ofHours(1);

	/** Version 2: the key id and the issue time joined the signed payload. */
	private static final byte VERSION = 2;

	private static final int KEY_ID_LENGTH = 4;

	/** Version, key id, issue time (epoch seconds). */
	private static final int HEADER_LENGTH = 1 + KEY_ID_LENGTH + Long.BYTES;

	private static final int TAG_LENGTH = 16;

	/**
	 * The longest cursor accepted, in characters (those issued here are around a
	 * hundred): a longer one is a 400 before it is decoded, and the API document shows
	 * it.
	 */
	public static final int MAX_LENGTH = 1024;

	private final SigningKey current;

	private final SigningKey previous;

	private final Duration ttl;

	private final Clock clock;

	/**
	 * A codec with one key, cursors that read for {@link #DEFAULT_TTL}, on the system
	 * clock.
	 * @param key the HMAC key, at least 32 bytes; every instance of a service must share
	 * it
	 */
	public CursorCodec(byte[] key) {
		this(key, null, DEFAULT_TTL, Clock.systemUTC());
	}

	/**
	 * @param key the HMAC key that signs new cursors, at least 32 bytes; every instance
	 * of a service must share it
	 * @param previousKey the key being rotated out, whose cursors still read until they
	 * expire, or {@code null}
	 * @param ttl how long a cursor reads after it was issued
	 * @param clock the clock that stamps and expires cursors
	 */
	public CursorCodec(byte[] key, byte[] previousKey, Duration ttl, Clock clock) {
		if (ttl == null || ttl.isNegative() || ttl.isZero()) {
			throw new IllegalArgumentException("A cursor's lifetime must be positive, not " + ttl);
		}
		this.current = new SigningKey(key);
		SigningKey other = (previousKey != null) ? new SigningKey(previousKey) : null;
		this.previous = (other != null && !Arrays.equals(other.id(), this.current.id())) ? other : null;
		this.ttl = ttl;
		this.clock = clock;
	}

	/**
	 * The id of the key that signs new cursors, as it appears in them: the first four
	 * bytes of an HMAC of a fixed text under the key, in hex. It says which key is which
	 * (in a log, during a rotation) without revealing anything about the key.
	 * @return the key id, e.g. {@code 3fa2b1c0}
	 */
	public String keyId() {
		return HexFormat.of().formatHex(this.current.id());
	}

	/**
	 * Encodes a position given as strings (bucket, clustering values).
	 * @param scope the list the cursor belongs to, e.g. {@code "user-posts:" + userId}
	 * @param values the position
	 * @return the cursor
	 */
	public String encode(String scope, List<String> values) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (DataOutputStream out = new DataOutputStream(bytes)) {
			out.writeShort(values.size());
			for (String value : values) {
				out.writeUTF(value);
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		return encode(scope, bytes.toByteArray());
	}

	/**
	 * Encodes a binary position such as the driver's paging state.
	 * @param scope the list the cursor belongs to
	 * @param position the position
	 * @return the cursor
	 */
	public String encode(String scope, ByteBuffer position) {
		byte[] bytes = new byte[position.remaining()];
		position.duplicate().get(bytes);
		return encode(scope, bytes);
	}

	private String encode(String scope, byte[] position) {
		ByteBuffer token = ByteBuffer.allocate(HEADER_LENGTH + position.length + TAG_LENGTH);
		token.put(VERSION).put(this.current.id()).putLong(this.clock.instant().getEpochSecond()).put(position);
		byte[] tag = this.current.tag(scope, token.array(), token.position());
		token.put(tag, 0, TAG_LENGTH);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(token.array());
	}

	/**
	 * Decodes a cursor made by {@link #encode(String, List)} for the same scope.
	 * @param scope the list being read
	 * @param cursor the cursor sent by the client
	 * @return the position
	 * @throws InvalidRequestException when the cursor is malformed, forged, from another
	 * list, expired or signed with a key this service no longer holds
	 */
	public List<String> decodeValues(String scope, String cursor) {
		byte[] position = decode(scope, cursor);
		try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(position))) {
			int count = in.readUnsignedShort();
			List<String> values = new ArrayList<>(count);
			for (int i = 0; i < count; i++) {
				values.add(in.readUTF());
			}
			return values;
		}
		catch (IOException ex) {
			throw invalid();
		}
	}

	/**
	 * Decodes a cursor made by {@link #encode(String, ByteBuffer)} for the same scope.
	 * @param scope the list being read
	 * @param cursor the cursor sent by the client
	 * @return the position
	 * @throws InvalidRequestException when the cursor is malformed, forged, from another
	 * list, expired or signed with a key this service no longer holds
	 */
	public ByteBuffer decodeBytes(String scope, String cursor) {
		return ByteBuffer.wrap(decode(scope, cursor));
	}

	private byte[] decode(String scope, String cursor) {
		if (cursor == null || cursor.isEmpty() || cursor.length() > MAX_LENGTH) {
			throw invalid();
		}
		byte[] token;
		try {
			token = Base64.getUrlDecoder().decode(cursor);
		}
		catch (IllegalArgumentException ex) {
			throw invalid();
		}
		if (token.length == 0) {
			throw invalid();
		}
		if (token[0] != VERSION) {
			// The first cursors of this API carried no key id and no issue time: they are
			// answered as if their key had been rotated out.
			throw (token[0] == 1) ? unknownKey() : invalid();
		}
		if (token.length < HEADER_LENGTH + TAG_LENGTH) {
			throw invalid();
		}
		SigningKey key = keyOf(Arrays.copyOfRange(token, 1, 1 + KEY_ID_LENGTH));
		if (key == null) {
			throw unknownKey();
		}
		int signedLength = token.length - TAG_LENGTH;
		byte[] tag = Arrays.copyOfRange(token, signedLength, token.length);
		if (!MessageDigest.isEqual(tag, Arrays.copyOf(key.tag(scope, token, signedLength), TAG_LENGTH))) {
			throw invalid();
		}
		// Only a signed issue time is trusted, so expiry is checked after the tag.
		Instant issued = Instant.ofEpochSecond(ByteBuffer.wrap(token, 1 + KEY_ID_LENGTH, Long.BYTES).getLong());
		if (this.clock.instant().isAfter(issued.plus(this.ttl))) {
			throw new InvalidRequestException("cursor", "has expired; read the list again from its start");
		}
		return Arrays.copyOfRange(token, HEADER_LENGTH, signedLength);
	}

	private SigningKey keyOf(byte[] id) {
		if (Arrays.equals(id, this.current.id())) {
			return this.current;
		}
		if (this.previous != null && Arrays.equals(id, this.previous.id())) {
			return this.previous;
		}
		return null;
	}

	private static InvalidRequestException invalid() {
		return new InvalidRequestException("cursor", "is not a cursor issued for this list");
	}

	private static InvalidRequestException unknownKey() {
		return new InvalidRequestException("cursor",
				"was signed with a key this service no longer accepts; read the list again from its start");
	}

	/**
	 * An HMAC-SHA256 key and its id.
	 */
	private static final class SigningKey {

		private static final byte[] ID_INPUT = "querydriven cursor key id".getBytes(StandardCharsets.UTF_8);

		private final SecretKeySpec key;

		/** Not thread-safe, and costly to look up and initialise: one per thread. */
		private final ThreadLocal<Mac> macs = ThreadLocal.withInitial(this::newMac);

		private final byte[] id;

		SigningKey(byte[] key) {
			if (key.length < 32) {
				throw new IllegalArgumentException("A cursor key needs at least 32 bytes, not " + key.length);
			}
			this.key = new SecretKeySpec(key.clone(), "HmacSHA256");
			this.id = Arrays.copyOf(newMac().doFinal(ID_INPUT), KEY_ID_LENGTH);
		}

		byte[] id() {
			return this.id;
		}

		/**
		 * The tag over the scope and the first {@code length} bytes of the token: its
		 * version, key id, issue time and position.
		 */
		byte[] tag(String scope, byte[] token, int length) {
			Mac mac = this.macs.get();
			mac.update(scope.getBytes(StandardCharsets.UTF_8));
			mac.update((byte) 0);
			mac.update(token, 0, length);
			return mac.doFinal();
		}

		private Mac newMac() {
			try {
				Mac mac = Mac.getInstance("HmacSHA256");
				mac.init(this.key);
				return mac;
			}
			catch (GeneralSecurityException ex) {
				throw new IllegalStateException("HmacSHA256 is not available", ex);
			}
		}

	}

}
