package dev.querydriven.testsupport.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Rules a grep can hold every source file to, so that what a learner reads stays worth
 * reading:
 * <ul>
 * <li><b>No comment fragments.</b> The formatter wraps a {@code //} line that is too long
 * and leaves the overflow on a line of its own, one or two words followed by the rest of
 * the sentence; a line like that is a sentence cut in half. A fragment is a line of one
 * or two words in a block of {@code //} lines that the next line's first word, or the
 * previous line, would have fitted onto within the formatter's 90 columns.</li>
 * <li><b>No benchmark figures in production code.</b> A throughput or a CPU cost is a
 * measurement of one machine on one day: it belongs in the benchmarks' README and
 * results, where its run is described, not in a comment that outlives it.</li>
 * </ul>
 */
public final class SourceRules {

	/** The width the formatter wraps comments at; a tab counts four columns. */
	static final int COMMENT_WIDTH = 90;

	private static final Pattern LINE_COMMENT = Pattern.compile("^(\\s*)//(.*)$");

	private static final List<Pattern> FIGURES = List.of(
			Pattern.compile("\\d[\\d,.]*\\s*(requests|req)/s", Pattern.CASE_INSENSITIVE),
			Pattern.compile("core-?ms", Pattern.CASE_INSENSITIVE),
			Pattern.compile("measured\\s+at", Pattern.CASE_INSENSITIVE),
			Pattern.compile("\\d\\.\\d+\\s*[x×]\\s+(the\\s+)?raw", Pattern.CASE_INSENSITIVE));

	private SourceRules() {
	}

	/**
	 * Every comment fragment under a source directory.
	 * @param sources a source directory such as {@code src/main/java}
	 * @return the fragments, {@code path:line: text}
	 */
	public static List<String> commentFragments(Path sources) {
		List<String> found = new ArrayList<>();
		for (Path file : javaFiles(sources)) {
			List<String> lines = read(file);
			boolean inTextBlock = false;
			for (int i = 0; i < lines.size(); i++) {
				// A text block's lines are a string's content, not comments.
				if (countTextBlockQuotes(lines.get(i)) % 2 == 1) {
					inTextBlock = !inTextBlock;
					continue;
				}
				Matcher comment = LINE_COMMENT.matcher(lines.get(i));
				if (!inTextBlock && comment.matches() && isFragment(lines, i, comment.group(1))) {
					found.add(file + ":" + (i + 1) + ": " + lines.get(i).trim());
				}
			}
		}
		return found;
	}

	/**
	 * Every benchmark figure under a source directory.
	 * @param sources a source directory such as {@code src/main/java}
	 * @return the figures, {@code path:line: text}
	 */
	public static List<String> benchmarkFigures(Path sources) {
		List<String> found = new ArrayList<>();
		for (Path file : javaFiles(sources)) {
			List<String> lines = read(file);
			for (int i = 0; i < lines.size(); i++) {
				String line = lines.get(i);
				if (FIGURES.stream().anyMatch((figure) -> figure.matcher(line).find())) {
					found.add(file + ":" + (i + 1) + ": " + line.trim());
				}
			}
		}
		return found;
	}

	static boolean isFragment(List<String> lines, int index, String indent) {
		String text = commentText(lines.get(index));
		String[] words = text.isBlank() ? new String[0] : text.trim().split("\\s+");
		if (words.length == 0 || words.length > 2) {
			return false;
		}
		String next = sameBlock(lines, index + 1, indent);
		if (next != null && !next.isBlank()
				&& width(indent + "// " + text.trim() + " " + next.trim().split("\\s+")[0]) <= COMMENT_WIDTH) {
			return true;
		}
		String previous = sameBlock(lines, index - 1, indent);
		return previous != null && !previous.isBlank()
				&& width(indent + "// " + previous.trim() + " " + text.trim()) <= COMMENT_WIDTH;
	}

	private static String sameBlock(List<String> lines, int index, String indent) {
		if (index < 0 || index >= lines.size()) {
			return null;
		}
		Matcher comment = LINE_COMMENT.matcher(lines.get(index));
		return (comment.matches() && comment.group(1).equals(indent)) ? comment.group(2) : null;
	}

	private static String commentText(String line) {
		Matcher comment = LINE_COMMENT.matcher(line);
		return comment.matches() ? comment.group(2) : "";
	}

	private static int countTextBlockQuotes(String line) {
		int count = 0;
		for (int at = line.indexOf("\"\"\""); at >= 0; at = line.indexOf("\"\"\"", at + 3)) {
			count++;
		}
		return count;
	}

	static int width(String line) {
		int width = 0;
		for (char c : line.toCharArray()) {
			width = (c == '\t') ? (width / 4 + 1) * 4 : width + 1;
		}
		return width;
	}

	private static List<Path> javaFiles(Path sources) {
		if (!Files.isDirectory(sources)) {
			return List.of();
		}
		try (Stream<Path> files = Files.walk(sources)) {
			return files.filter((file) -> file.toString().endsWith(".java")).sorted().toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static List<String> read(Path file) {
		try {
			return Files.readAllLines(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
