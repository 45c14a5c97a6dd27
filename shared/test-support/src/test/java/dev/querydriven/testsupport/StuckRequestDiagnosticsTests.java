package dev.querydriven.testsupport;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.willReturn;
import static org.mockito.Mockito.mock;

/**
 * A request that got no answer in time leaves every frame of the JVM's threads in the log
 * and in a file CI prints; other failures leave nothing; both are reported unchanged.
 */
@ExtendWith(OutputCaptureExtension.class)
class StuckRequestDiagnosticsTests {

	private final ExtensionContext context = mock();

	private final Path dump = StuckRequestDiagnostics.DIRECTORY
		.resolve("StuckRequestDiagnosticsTests.badParameters.txt");

	@BeforeEach
	void context() throws NoSuchMethodException, IOException {
		willReturn(StuckRequestDiagnosticsTests.class).given(this.context).getRequiredTestClass();
		Method method = StuckRequestDiagnosticsTests.class.getDeclaredMethod("badParameters");
		given(this.context.getTestMethod()).willReturn(Optional.of(method));
		Files.deleteIfExists(this.dump);
	}

	/** CI prints every dump it finds after a failed build: this one is not real. */
	@AfterEach
	void removeDump() throws IOException {
		Files.deleteIfExists(this.dump);
	}

	/**
	 * A timed-out exchange is rethrown as it was, after every thread, with all its
	 * frames, is logged and written to the file.
	 */
	@Test
	void timeoutRecordsTheThreads(CapturedOutput output) throws IOException {
		IllegalStateException failure = new IllegalStateException("Timeout on blocking read",
				new TimeoutException("Timeout on blocking read"));
		assertThatThrownBy(() -> new StuckRequestDiagnostics().handleTestExecutionException(this.context, failure))
			.isSameAs(failure);
		String thread = "\"" + Thread.currentThread().getName() + "\"";
		assertThat(output).contains("StuckRequestDiagnosticsTests.badParameters timed out waiting for an answer")
			.contains(thread);
		// More than the eight frames ThreadInfo.toString() keeps: this test's own frame
		// lies deeper than that under JUnit's.
		assertThat(Files.readString(this.dump)).contains(thread)
			.contains(StuckRequestDiagnosticsTests.class.getName() + ".timeoutRecordsTheThreads(")
			.contains("org.junit.platform.commons.util.ReflectionUtils.invokeMethod(");
	}

	/** Any other failure is rethrown as it was, and records nothing. */
	@Test
	void otherFailuresRecordNothing(CapturedOutput output) {
		AssertionError failure = new AssertionError("expected 400");
		assertThatThrownBy(() -> new StuckRequestDiagnostics().handleTestExecutionException(this.context, failure))
			.isSameAs(failure);
		assertThat(output).doesNotContain("timed out waiting");
		assertThat(this.dump).doesNotExist();
	}

	private void badParameters() {
	}

}
