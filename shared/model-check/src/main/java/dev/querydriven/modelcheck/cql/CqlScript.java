package dev.querydriven.modelcheck.cql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits a CQL file into its statements, each with the comment written right above it
 * (which the command-line checker uses as the query's description).
 */
public final class CqlScript {

	private CqlScript() {
	}

	/**
	 * One statement of a script.
	 *
	 * @param cql the statement, without its final semicolon
	 * @param comment the comment lines directly above it, markers stripped, or empty
	 * @param line the 1-based line the statement starts on
	 */
	public record Statement(String cql, String comment, int line) {

	}

	/**
	 * Splits a script at the semicolons that end statements (not those inside strings,
	 * comments or a {@code BEGIN BATCH ... APPLY BATCH}).
	 * @param script the text
	 * @return the statements, in order
	 * @throws CqlParseException on an unterminated string, name or comment
	 */
	public static List<Statement> split(String script) {
		List<CqlToken> tokens = CqlLexer.tokenize(script);
		List<Statement> statements = new ArrayList<>();
		List<String> comment = new ArrayList<>();
		int lastCommentLine = -1;
		CqlToken first = null;
		CqlToken last = null;
		boolean inBatch = false;
		String previousWord = "";
		for (CqlToken token : tokens) {
			if (token.type() == CqlToken.Type.COMMENT) {
				if (first == null) {
					if (lastCommentLine >= 0 && token.line() > lastCommentLine + 1) {
						comment.clear();
					}
					comment.add(commentText(token.text()));
					lastCommentLine = token.line() + (int) token.text().chars().filter((c) -> c == '\n').count();
				}
				continue;
			}
			boolean end = token.type() == CqlToken.Type.END;
			boolean terminator = token.isSymbol(";") && !inBatch;
			if (end || terminator) {
				if (first != null) {
					boolean attached = lastCommentLine >= 0 && first.line() <= lastCommentLine + 1;
					statements.add(new Statement(script.substring(first.start(), last.end()),
							attached ? String.join(" ", comment).strip() : "", first.line()));
				}
				first = null;
				last = null;
				comment.clear();
				lastCommentLine = -1;
				previousWord = "";
				if (end) {
					break;
				}
				continue;
			}
			if (token.isSymbol(";")) {
				last = token;
				continue;
			}
			if (first == null) {
				first = token;
				inBatch = token.isWord("begin");
			}
			if (inBatch && token.isWord("batch") && previousWord.equals("apply")) {
				inBatch = false;
			}
			previousWord = (token.type() == CqlToken.Type.WORD) ? token.text().toLowerCase(Locale.ROOT) : "";
			last = token;
		}
		return List.copyOf(statements);
	}

	private static String commentText(String comment) {
		String text = comment;
		if (text.startsWith("--") || text.startsWith("//")) {
			text = text.substring(2);
		}
		else if (text.startsWith("/*")) {
			text = text.substring(2, text.length() - 2);
		}
		return text.strip();
	}

}
