package dev.querydriven.servicesupport.web;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * JSON pointers (RFC 6901) in their URI fragment form ({@code #/items/0/quantity}), the
 * form RFC 9457's own validation example uses to name the offending member of a body.
 */
public final class JsonPointers {

	private static final String FRAGMENT_SAFE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			+ "-._~!$&'()*+,;=:@/?";

	private JsonPointers() {
	}

	/**
	 * The pointer of a member given in the dotted form of bean validation and of this
	 * project's messages: {@code items[0].quantity} is {@code #/items/0/quantity}, the
	 * empty path the body itself ({@code #}).
	 * @param path the dotted path
	 * @return the pointer
	 */
	public static String fromPath(String path) {
		List<String> segments = new ArrayList<>();
		StringBuilder current = new StringBuilder();
		for (int i = 0; i < path.length(); i++) {
			char c = path.charAt(i);
			if (c == '.' || c == '[' || c == ']') {
				if (!current.isEmpty()) {
					segments.add(current.toString());
					current.setLength(0);
				}
			}
			else {
				current.append(c);
			}
		}
		if (!current.isEmpty()) {
			segments.add(current.toString());
		}
		return fromSegments(segments);
	}

	/**
	 * The pointer of a member given segment by segment (property names and array
	 * indexes).
	 * @param segments the segments, outermost first
	 * @return the pointer
	 */
	public static String fromSegments(List<?> segments) {
		StringBuilder pointer = new StringBuilder("#");
		for (Object segment : segments) {
			pointer.append('/');
			String escaped = String.valueOf(segment).replace("~", "~0").replace("/", "~1");
			for (byte b : escaped.getBytes(StandardCharsets.UTF_8)) {
				char c = (char) (b & 0xFF);
				if (b >= 0 && FRAGMENT_SAFE.indexOf(c) >= 0) {
					pointer.append(c);
				}
				else {
					pointer.append('%').append(String.format("%02X", b & 0xFF));
				}
			}
		}
		return pointer.toString();
	}

}
