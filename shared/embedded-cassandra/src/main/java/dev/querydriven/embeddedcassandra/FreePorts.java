package dev.querydriven.embeddedcassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;

/**
 * Chooses TCP ports that are free on every given address, so that several nodes, test
 * JVMs and a developer's own Cassandra can run side by side.
 */
final class FreePorts {

	private FreePorts() {
	}

	static int any(List<InetAddress> addresses) {
		for (int attempt = 0; attempt < 50; attempt++) {
			int candidate;
			try (ServerSocket socket = new ServerSocket(0, 1, addresses.get(0))) {
				candidate = socket.getLocalPort();
			}
			catch (IOException ex) {
				throw new UncheckedIOException("No free port on " + addresses.get(0), ex);
			}
			if (isFree(candidate, addresses)) {
				return candidate;
			}
		}
		throw new IllegalStateException("No port is free on all of " + addresses);
	}

	static int preferred(int port, List<InetAddress> addresses) {
		return isFree(port, addresses) ? port : any(addresses);
	}

	static boolean isFree(int port, List<InetAddress> addresses) {
		for (InetAddress address : addresses) {
			try (ServerSocket socket = new ServerSocket()) {
				socket.setReuseAddress(false);
				socket.bind(new InetSocketAddress(address, port), 1);
			}
			catch (IOException ex) {
				return false;
			}
		}
		return true;
	}

}
