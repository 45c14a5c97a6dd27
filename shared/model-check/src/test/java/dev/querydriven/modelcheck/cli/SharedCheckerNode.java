package dev.querydriven.modelcheck.cli;

import java.util.function.Supplier;

import com.datastax.oss.driver.api.core.CqlSession;

/**
 * One relaxed node for every command-line test of this JVM (a start costs seconds): each
 * run borrows it, and drops the keyspaces its schema is about before loading it. The
 * node's own cleanup stops it and deletes its directory when the JVM exits.
 */
final class SharedCheckerNode {

	private static TemporaryNode node;

	private SharedCheckerNode() {
	}

	static Supplier<CheckerNode> source() {
		return SharedCheckerNode::borrow;
	}

	private static synchronized CheckerNode borrow() {
		if (node == null) {
			node = TemporaryNode.start();
		}
		TemporaryNode shared = node;
		return new CheckerNode() {

			@Override
			public CqlSession openSession() {
				return shared.openSession();
			}

			@Override
			public String description() {
				return shared.description();
			}

			@Override
			public void close() {
				// Borrowed: the node outlives the run.
			}

		};
	}

}
