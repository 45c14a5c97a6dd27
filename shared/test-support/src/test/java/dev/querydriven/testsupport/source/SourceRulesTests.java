package dev.querydriven.testsupport.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The source rules find what the formatter and old measurements leave behind, and nothing
 * else.
 */
class SourceRulesTests {

	@TempDir
	Path sources;

	/**
	 * A word or two the formatter pushed onto a line of its own is a fragment; a full
	 * block, a short last line that did not fit, and a short one-line comment are not.
	 */
	@Test
	void fragmentsAreFoundAndWholeCommentsAreNot() throws IOException {
		Files.writeString(this.sources.resolve("Broken.java"), """
				class Broken {
					void run() {
						// The statements of one logical write share one client timestamp,
						// so
						// that a retry writes exactly the same cells as the first attempt.
						int a = 1;
						// One short comment.
						int b = 2;
						// A block whose lines are full, each of them close to the limit of
						// the formatter, whose last words could not have fitted anywhere else, not even
						// above.
						int c = 3;
					}
				}
				""");
		assertThat(SourceRules.commentFragments(this.sources)).singleElement()
			.asString()
			.endsWith("Broken.java:4: // so");
	}

	/** Throughputs and CPU costs are benchmark figures; ordinary numbers are not. */
	@Test
	void benchmarkFiguresAreFound() throws IOException {
		Files.writeString(this.sources.resolve("Figures.java"), """
				class Figures {
					// 2,836 against 4,690 requests/s on the hottest read.
					// It costs 0.32 core-ms per request.
					// Measured at a quarter of the raw driver.
					// The home timeline at 0.66x the raw driver.
					// Ten partitions per request, 5 KiB per batch.
				}
				""");
		assertThat(SourceRules.benchmarkFigures(this.sources)).hasSize(4)
			.noneMatch((line) -> line.contains("Ten partitions"));
	}

}
