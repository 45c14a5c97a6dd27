package dev.querydriven.testsupport;

import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

/**
 * A request that got no answer in time leaves the JVM's threads in the log; other
 * failures leave nothing; both are reported unchanged.
 */
@ExtendWith(OutputCaptureExtension.class)
class StuckRequestDiagnosticsTests {

	private final ExtensionContext context = mock();

	/** A timed-out exchange is rethrown as it was, after every thread is logged. */
	@Test
	void timeoutLogsTheThreads(CapturedOutput output) {
		given(this.context.getDisplayName()).willReturn("badParameters()");
		IllegalStateException failure = new IllegalStateException("Timeout on blocking read",
				new TimeoutException("Timeout on blocking read"));
		assertThatThrownBy(() -> new StuckRequestDiagnostics().handleTestExecutionException(this.context, failure))
			.isSameAs(failure);
		assertThat(output).contains("badParameters() timed out waiting for an answer")
			.contains("\"" + Thread.currentThread().getName() + "\"");
	}

	/** Any other failure is rethrown as it was, and logs nothing. */
	@Test
	void otherFailuresLogNothing(CapturedOutput output) {
		AssertionError failure = new AssertionError("expected 400");
		assertThatThrownBy(() -> new StuckRequestDiagnostics().handleTestExecutionException(this.context, failure))
			.isSameAs(failure);
		assertThat(output).doesNotContain("timed out waiting");
	}

}
