package dev.querydriven.testsupport.inspector;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Every highlight links to a section that exists, and the dev run serves it. */
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
			.map((heading) -> InspectorDocs.anchor(heading.replaceFirst("^#+\\s*", "")))
			.collect(Collectors.toSet());
		assertThat(anchors).contains(link[1]);
	}

	/**
	 * The inspector serves the linked file, found from wherever the dev run started
	 * inside the repository, with the heading the link's anchor names.
	 */
	@ParameterizedTest
	@EnumSource(Highlight.class)
	void theDevRunServesTheSection(Highlight highlight) {
		String[] link = highlight.link().split("#", 2);
		assertThat(new InspectorDocs(Path.of("")).render(link[0]))
			.hasValueSatisfying((html) -> assertThat(html).contains("id=\"" + link[1] + "\""));
	}

	/** Nothing else of the repository is served. */
	@Test
	void nothingElseIsServed() {
		InspectorDocs docs = new InspectorDocs(Path.of(""));
		assertThat(docs.render("pom.xml")).isEmpty();
		assertThat(docs.render("../../etc/passwd")).isEmpty();
		assertThat(docs.render("shared/model-check/../../README.md")).isEmpty();
	}

}
