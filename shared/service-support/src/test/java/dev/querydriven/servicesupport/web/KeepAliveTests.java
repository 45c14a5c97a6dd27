package dev.querydriven.servicesupport.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The services' HTTP server (Reactor Netty) keeps reading a keep-alive connection after a
 * request it answered at once. A refused request is typically answered at once (a 400
 * written before any I/O), and Reactor Netty 1.3.6, the version Spring Boot 4.0 brings,
 * then stopped reading the connection when that request had queued behind another one:
 * the client's next request on the connection got no answer. The root POM overrides the
 * version; this test fails if a dependency update brings the defect back.
 */
class KeepAliveTests {

	private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.1 200 OK");

	/**
	 * Two requests sent together on one connection, the first answered after a pause and
	 * the second, queued behind it, at once; then a third request on the same connection
	 * is answered too.
	 */
	@Test
	void connectionIsReadAfterAQueuedRequestAnsweredAtOnce() throws IOException {
		DisposableServer server = HttpServer.create()
			.host("127.0.0.1")
			.port(0)
			.handle((request,
					response) -> response.sendString("/slow".equals(request.uri())
							? Mono.delay(Duration.ofMillis(50)).thenReturn("slow") : Mono.just("at once")))
			.bindNow();
		try (Socket socket = new Socket("127.0.0.1", server.port())) {
			// A request left unanswered shows as this read timing out, not as a hang.
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			InputStream in = socket.getInputStream();
			out.write((request("/slow") + request("/at-once")).getBytes(StandardCharsets.US_ASCII));
			out.flush();
			assertThat(readResponses(in, 2)).as("responses to the two requests sent together").isEqualTo(2);
			out.write(request("/after").getBytes(StandardCharsets.US_ASCII));
			out.flush();
			assertThat(readResponses(in, 1)).as("responses to the request sent after them").isEqualTo(1);
		}
		finally {
			server.disposeNow();
		}
	}

	private static String request(String path) {
		return "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
	}

	/** Reads until {@code expected} responses arrived, or no more came in time. */
	private static int readResponses(InputStream in, int expected) throws IOException {
		StringBuilder received = new StringBuilder();
		byte[] buffer = new byte[4096];
		int responses = 0;
		try {
			while (responses < expected) {
				int read = in.read(buffer);
				if (read < 0) {
					break;
				}
				received.append(new String(buffer, 0, read, StandardCharsets.US_ASCII));
				Matcher matcher = STATUS_LINE.matcher(received);
				responses = 0;
				while (matcher.find()) {
					responses++;
				}
			}
		}
		catch (SocketTimeoutException ex) {
			// The connection went quiet: the responses so far are the answer.
		}
		return responses;
	}

}
