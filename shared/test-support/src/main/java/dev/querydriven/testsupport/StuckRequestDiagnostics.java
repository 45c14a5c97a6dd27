package dev.querydriven.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeoutException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * When a test fails because a request got no answer in time (a {@code WebTestClient}
 * exchange or a {@code StepVerifier} that timed out), records what every thread of the
 * JVM, the application's included, was doing at that moment: a request that never answers
 * leaves no other trace. The dump (every frame of every thread, with the locks held and
 * waited for) goes to the log and to
 * {@code target/stuck-requests/<test class>.<test>.txt}, which CI prints after a failed
 * build, where the end of its output shows it. The failure itself is reported unchanged.
 */
public final class StuckRequestDiagnostics implements TestExecutionExceptionHandler {

	/** Where the dumps go, relative to the module the tests run in. */
	static final Path DIRECTORY = Path.of("target", "stuck-requests");

	private static final Log logger = LogFactory.getLog(StuckRequestDiagnostics.class);

	@Override
	public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
		if (timedOut(failure)) {
			String test = context.getRequiredTestClass().getSimpleName() + "."
					+ context.getTestMethod().map((method) -> method.getName()).orElse("unknown");
			String dump = test + " timed out waiting for an answer; the JVM's threads:\n" + threads();
			logger.error(dump);
			write(DIRECTORY.resolve(test + ".txt"), dump);
		}
		throw failure;
	}

	private static String threads() {
		StringBuilder dump = new StringBuilder();
		for (ThreadInfo thread : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
			dump.append('"').append(thread.getThreadName()).append("\" ").append(thread.getThreadState());
			if (thread.getLockName() != null) {
				dump.append(" on ").append(thread.getLockName());
			}
			if (thread.getLockOwnerName() != null) {
				dump.append(" owned by \"").append(thread.getLockOwnerName()).append('"');
			}
			dump.append('\n');
			StackTraceElement[] frames = thread.getStackTrace();
			for (int i = 0; i < frames.length; i++) {
				dump.append("\tat ").append(frames[i]).append('\n');
				for (MonitorInfo monitor : thread.getLockedMonitors()) {
					if (monitor.getLockedStackDepth() == i) {
						dump.append("\t- locked ").append(monitor).append('\n');
					}
				}
			}
			for (LockInfo lock : thread.getLockedSynchronizers()) {
				dump.append("\t- holds ").append(lock).append('\n');
			}
			dump.append('\n');
		}
		return dump.toString();
	}

	private static void write(Path file, String dump) {
		try {
			Files.createDirectories(file.getParent());
			Files.writeString(file, dump);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static boolean timedOut(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof TimeoutException) {
				return true;
			}
			if (cause.getCause() == cause) {
				break;
			}
		}
		return false;
	}

}
