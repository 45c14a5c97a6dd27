package dev.querydriven.testsupport.inspector;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Every highlight links to a section that exists. */
class HighlightTests {

	private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();

	/** The link's file exists and has a heading whose anchor is the link's. */
	@ParameterizedTest
	@EnumSource(Highlight.class)
	void theLinkResolves(Highlight highlight) throws IOException {
		String[] link = highlight.link().split("#", 2);
		Path file = ROOT.resolve(link[0]);
		assertThat(file).isRegularFile();
		Set<String> anchors = Files.readAllLines(file)
			.stream()
			.filter((line) -> line.startsWith("#"))
			.map(HighlightTests::anchor)
			.collect(Collectors.toSet());
		assertThat(anchors).contains(link[1]);
	}

	/**
	 * GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes.
	 */
	private static String anchor(String heading) {
		return heading.replaceFirst("^#+\\s*", "")
			.strip()
			.toLowerCase(Locale.ROOT)
			.replaceAll("[^\\p{L}\\p{N} _-]", "")
			.replace(' ', '-');
	}

}
