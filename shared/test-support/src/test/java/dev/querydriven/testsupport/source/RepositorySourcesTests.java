package dev.querydriven.testsupport.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every module of the repository holds to the source rules: no comment cut in half by the
 * formatter, no benchmark figures in production code outside the benchmarks.
 */
class RepositorySourcesTests {

	private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();

	/** No {@code //} comment of any module holds a fragment of one or two words. */
	@Test
	void noCommentFragments() throws IOException {
		List<String> fragments = new ArrayList<>();
		for (Path module : modules()) {
			fragments.addAll(SourceRules.commentFragments(module.resolve("src/main/java")));
			fragments.addAll(SourceRules.commentFragments(module.resolve("src/test/java")));
		}
		assertThat(fragments).as("comment lines of one or two words that the line above or below would take").isEmpty();
	}

	/** Production code states rules, not measurements: those live in the benchmarks. */
	@Test
	void noBenchmarkFiguresInProductionCode() throws IOException {
		List<String> figures = new ArrayList<>();
		for (Path module : modules()) {
			if (!module.startsWith(ROOT.resolve("shared/benchmarks"))) {
				figures.addAll(SourceRules.benchmarkFigures(module.resolve("src/main/java")));
			}
		}
		assertThat(figures).isEmpty();
	}

	private static List<Path> modules() throws IOException {
		List<Path> modules = new ArrayList<>();
		Matcher module = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(ROOT.resolve("pom.xml")));
		while (module.find()) {
			modules.add(ROOT.resolve(module.group(1)));
			// The service archetype's templates are the sources of every service made
			// from it.
			Path templates = ROOT.resolve(module.group(1)).resolve("src/main/resources/archetype-resources");
			if (Files.isDirectory(templates)) {
				modules.add(templates);
			}
		}
		assertThat(modules).as("the root POM's modules").hasSizeGreaterThan(5);
		return modules;
	}

}
