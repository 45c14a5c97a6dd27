package dev.querydriven.testsupport;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.concurrent.TimeoutException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * When a test fails because a request got no answer in time (a {@code WebTestClient}
 * exchange or a {@code StepVerifier} that timed out), logs what every thread of the JVM,
 * the application's included, was doing at that moment: a request that never answers
 * leaves no other trace. The failure itself is reported unchanged.
 */
public final class StuckRequestDiagnostics implements TestExecutionExceptionHandler {

	private static final Log logger = LogFactory.getLog(StuckRequestDiagnostics.class);

	@Override
	public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
		if (timedOut(failure)) {
			StringBuilder dump = new StringBuilder();
			for (ThreadInfo thread : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true, 64)) {
				dump.append(thread);
			}
			logger.error(context.getDisplayName() + " timed out waiting for an answer; the JVM's threads:\n" + dump);
		}
		throw failure;
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
