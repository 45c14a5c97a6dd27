package dev.querydriven.modelcheck.cql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Splits a CQL script, as people feed it to {@code cqlsh -f}, into its statements, each
 * with the comment written right above it (which the command-line checker uses as the
 * query's description).
 * <p>
 * A statement ends at a semicolon outside string literals ({@code 'it''s'}),
 * {@code $$ ... $$} bodies, quoted names and comments ({@code --}, {@code //},
 * {@code /* *&#47;}), and outside a {@code BEGIN BATCH ... APPLY BATCH}. The commands of
 * the cqlsh shell itself ({@code CONSISTENCY}, {@code SERIAL CONSISTENCY},
 * {@code TRACING}, {@code PAGING}, {@code EXPAND}, {@code SOURCE}, {@code CAPTURE},
 * {@code DESCRIBE}, ...) are not CQL: cqlsh recognises them, in any case, at the start of
 * a statement, and ends them at the end of their line, semicolon or not. They are
 * returned marked as {@linkplain Statement#shell() shell commands}.
 */
public final class CqlScript {

	/**
	 * The first words of cqlsh's own commands ({@code SERIAL} starts
	 * {@code SERIAL CONSISTENCY}). {@code DESCRIBE} is also CQL since Cassandra 4.0, but
	 * it reads the schema rather than defining it.
	 */
	private static final Set<String> SHELL_COMMANDS = Set.of("capture", "clear", "cls", "consistency", "copy", "debug",
			"desc", "describe", "exit", "expand", "help", "login", "paging", "quit", "serial", "show", "source",
			"tracing", "unicode");

	private CqlScript() {
	}

	/**
	 * One statement of a script.
	 *
	 * @param cql the statement, without its final semicolon
	 * @param comment the comment lines directly above it, markers stripped, or empty
	 * @param line the 1-based line the statement starts on
	 * @param shell whether it is a command of the cqlsh shell rather than CQL
	 */
	public record Statement(String cql, String comment, int line, boolean shell) {

		/**
		 * A CQL statement.
		 * @param cql the statement, without its final semicolon
		 * @param comment the comment lines directly above it, or empty
		 * @param line the 1-based line the statement starts on
		 */
		public Statement(String cql, String comment, int line) {
			this(cql, comment, line, false);
		}

		/**
		 * The statement's first line, for messages.
		 * @return the first line, with {@code ...} when more follows
		 */
		public String firstLine() {
			int newline = this.cql.indexOf('\n');
			return (newline < 0) ? this.cql : this.cql.substring(0, newline).strip() + " ...";
		}

	}

	/**
	 * Splits a script into its statements.
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
		boolean shell = false;
		int endLine = -1;
		String previousWord = "";
		int i = 0;
		while (i < tokens.size()) {
			CqlToken token = tokens.get(i);
			boolean end = token.type() == CqlToken.Type.END;
			// A shell command ends with its line: the next line's first token starts
			// anew.
			boolean endOfShellLine = shell && !end && token.line() > first.line();
			if (endOfShellLine || end || (token.isSymbol(";") && !inBatch)) {
				if (first != null) {
					boolean attached = lastCommentLine >= 0 && first.line() <= lastCommentLine + 1;
					statements.add(new Statement(script.substring(first.start(), last.end()),
							attached ? String.join(" ", comment).strip() : "", first.line(), shell));
				}
				endLine = (last != null) ? lastLine(last) : token.line();
				first = null;
				last = null;
				comment.clear();
				lastCommentLine = -1;
				previousWord = "";
				shell = false;
				if (end) {
					break;
				}
				if (!endOfShellLine) {
					i++;
				}
				continue;
			}
			i++;
			if (token.type() == CqlToken.Type.COMMENT) {
				// A comment on the line a statement ends on is about that statement.
				if (first == null && token.line() != endLine) {
					if (lastCommentLine >= 0 && token.line() > lastCommentLine + 1) {
						comment.clear();
					}
					comment.add(commentText(token.text()));
					lastCommentLine = lastLine(token);
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
				shell = token.type() == CqlToken.Type.WORD
						&& SHELL_COMMANDS.contains(token.text().toLowerCase(Locale.ROOT));
			}
			if (inBatch && token.isWord("batch") && previousWord.equals("apply")) {
				inBatch = false;
			}
			previousWord = (token.type() == CqlToken.Type.WORD) ? token.text().toLowerCase(Locale.ROOT) : "";
			last = token;
		}
		return List.copyOf(statements);
	}

	private static int lastLine(CqlToken token) {
		return token.line() + (int) token.text().chars().filter((c) -> c == '\n').count();
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
