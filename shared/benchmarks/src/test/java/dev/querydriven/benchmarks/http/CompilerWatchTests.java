package dev.querydriven.benchmarks.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import dev.querydriven.benchmarks.measure.WarmUp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The warm-up of a service JVM under HTTP, which watches that JVM's compiler from
 * Gatling's.
 */
class CompilerWatchTests {

	/** A warm-up watches another JVM's compiler, and ends once it has been quiet. */
	@Test
	void aWarmUpEndsOnceAnotherJvmsCompilerIsQuiet(@TempDir Path directory) throws IOException, InterruptedException {
		// Launching a source file compiles it with javac in the child JVM: its JIT
		// compiler works, then goes quiet while the program waits for its input.
		Path source = directory.resolve("Waits.java");
		Files.writeString(source, """
				public class Waits {
					public static void main(String[] args) throws Exception {
						System.out.println("ready");
						System.in.read();
					}
				}
				""");
		Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				source.toString())
			.redirectErrorStream(true)
			.start();
		try {
			BufferedReader output = new BufferedReader(
					new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
			assertThat(output.readLine()).isEqualTo("ready");
			assertThat(WarmUp.compilationMillis(child.pid())).as("the child's compiler threads' CPU").isPositive();
			HttpPlan.Phase warmUp = warmUp(900, 0.5, 60, child.pid());

			CompilerWatch.start(warmUp);

			assertThat(CompilerWatch.done(warmUp)).as("before its minimum").isFalse();
			await().atMost(Duration.ofSeconds(30)).until(() -> CompilerWatch.done(warmUp));
		}
		finally {
			child.getOutputStream().close();
			child.waitFor();
		}
	}

	/** A warm-up that cannot see the service's compiler still ends, at its longest. */
	@Test
	void aWarmUpBlindToTheCompilerStillEnds() {
		HttpPlan.Phase warmUp = warmUp(901, 0, 1.5, -1);

		CompilerWatch.start(warmUp);

		assertThat(CompilerWatch.done(warmUp)).isFalse();
		await().atMost(Duration.ofSeconds(20)).until(() -> CompilerWatch.done(warmUp));
	}

	private static HttpPlan.Phase warmUp(int index, double minimum, double maximum, long pid) {
		return new HttpPlan.Phase(index, 0, "test/read", "http://127.0.0.1:1", false, 1, 0, maximum, 1,
				HttpPlan.Phase.WARM_UP, minimum, pid, "test");
	}

}
