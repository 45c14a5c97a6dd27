package dev.querydriven.testsupport.hostile;

import java.util.Map;

/**
 * A request exactly as sent: the URI already percent-encoded (so that a case can send
 * bytes no encoder would produce), the headers, and the body's bytes.
 *
 * @param method the method
 * @param uri the encoded path and query
 * @param headers the headers
 * @param body the body, or {@code null} for none
 */
record RawRequest(String method, String uri, Map<String, String> headers, byte[] body) {

}
