package dev.querydriven.servicesupport.web;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Opaque, tamper-evident page cursors. A cursor carries a position (a bucket and the last
 * clustering key read, or the driver's paging state) and an HMAC-SHA256 tag over the
 * position and its scope: the endpoint and the parameters that select the list. A client
 * can neither forge a position nor replay a cursor of one list (another user's timeline)
 * on another; either gets a 400. The driver's own "safe" paging state is only a checksum,
 * not a signature.
 */
public final class CursorCodec {

	private static final byte VERSION = 1;

	private static final int TAG_LENGTH = 16;

	/**
	 * The longest cursor accepted, in characters: cursors issued here are around a
	 * hundred; every {@code cursor} parameter declares this bound ({@code @Size}), so the
	 * API document shows it and a longer one is a 400 before it is decoded.
	 */
	public static final int MAX_LENGTH = 1024;

	private final SecretKeySpec key;

	/**
	 * @param key the HMAC key, at least 32 bytes; every instance of a service must share
	 * it
	 */
	public CursorCodec(byte[] key) {
		if (key.length < 32) {
			throw new IllegalArgumentException("A cursor key needs at least 32 bytes, not " + key.length);
		}
		this.key = new SecretKeySpec(key.clone(), "HmacSHA256");
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
		byte[] tag = tag(scope, position);
		ByteBuffer token = ByteBuffer.allocate(1 + position.length + TAG_LENGTH);
		token.put(VERSION).put(position).put(tag, 0, TAG_LENGTH);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(token.array());
	}

	/**
	 * Decodes a cursor made by {@link #encode(String, List)} for the same scope.
	 * @param scope the list being read
	 * @param cursor the cursor sent by the client
	 * @return the position
	 * @throws InvalidRequestException when the cursor is malformed, forged or from
	 * another list
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
	 * @throws InvalidRequestException when the cursor is malformed, forged or from
	 * another list
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
		if (token.length < 1 + TAG_LENGTH || token[0] != VERSION) {
			throw invalid();
		}
		byte[] position = Arrays.copyOfRange(token, 1, token.length - TAG_LENGTH);
		byte[] tag = Arrays.copyOfRange(token, token.length - TAG_LENGTH, token.length);
		if (!MessageDigest.isEqual(tag, Arrays.copyOf(tag(scope, position), TAG_LENGTH))) {
			throw invalid();
		}
		return position;
	}

	private byte[] tag(String scope, byte[] position) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(this.key);
			mac.update(scope.getBytes(StandardCharsets.UTF_8));
			mac.update((byte) 0);
			return mac.doFinal(position);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HmacSHA256 is not available", ex);
		}
	}

	private static InvalidRequestException invalid() {
		return new InvalidRequestException("cursor", "is not a cursor issued for this list");
	}

}
