package dev.querydriven.testsupport.inspector;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.web.util.HtmlUtils;

/**
 * The sections the highlights link to, served from the repository the dev run was started
 * in (its root found by walking up from the working directory), so that a link works
 * offline. Only the files the highlights name are served, with each heading given the
 * anchor a Markdown renderer would give it.
 */
final class InspectorDocs {

	private final Set<String> files = Arrays.stream(Highlight.values())
		.map((highlight) -> highlight.link().split("#", 2)[0])
		.collect(Collectors.toSet());

	private final Path root;

	InspectorDocs(Path start) {
		Path candidate = start.toAbsolutePath();
		while (candidate != null && !holdsAll(candidate)) {
			candidate = candidate.getParent();
		}
		this.root = candidate;
	}

	private boolean holdsAll(Path directory) {
		return this.files.stream().allMatch((file) -> Files.isRegularFile(directory.resolve(file)));
	}

	/**
	 * One of the linked files, as HTML.
	 * @param file its path from the repository's root
	 * @return the page, or empty when it is not one of them or the repository is not
	 * found
	 */
	Optional<String> render(String file) {
		if (this.root == null || !this.files.contains(file)) {
			return Optional.empty();
		}
		try {
			StringBuilder html = new StringBuilder(
					"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
				.append(HtmlUtils.htmlEscape(file))
				.append("</title><link rel=\"stylesheet\" href=\"/inspector/inspector.css\"></head><body>\n")
				.append("<p><a href=\"/inspector\">&larr; the query inspector</a> &middot; <code>")
				.append(HtmlUtils.htmlEscape(file))
				.append("</code></p>\n<div class=\"md\">");
			boolean fenced = false;
			for (String line : Files.readAllLines(this.root.resolve(file))) {
				fenced ^= line.startsWith("```");
				if (!fenced && line.startsWith("#")) {
					int level = Math.min(6, line.indexOf(' ') > 0 ? line.indexOf(' ') : 1);
					String title = line.substring(level).strip();
					html.append("</div><h")
						.append(level)
						.append(" id=\"")
						.append(anchor(title))
						.append("\">")
						.append(HtmlUtils.htmlEscape(title))
						.append("</h")
						.append(level)
						.append("><div class=\"md\">");
				}
				else {
					html.append(HtmlUtils.htmlEscape(line)).append('\n');
				}
			}
			return Optional.of(html.append("</div></body></html>\n").toString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, dashes. */
	static String anchor(String title) {
		return title.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
	}

}
