package dev.querydriven.modelcheck.cql;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits CQL text into tokens: enough of the language to find statements, their tables,
 * their restrictions and assignments. Comments are kept as tokens so that a script's
 * statements can carry the comment written above them.
 */
final class CqlLexer {

	private static final Pattern UUID = Pattern
		.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

	private static final Pattern NUMBER = Pattern
		.compile("(0[xX][0-9a-fA-F]*|[0-9]+(\\.[0-9]*)?([eE][+-]?[0-9]+)?([a-zA-Z][a-zA-Z0-9]*)*)");

	private static final List<String> TWO_CHARACTER_SYMBOLS = List.of("<=", ">=", "!=");

	private final String text;

	private int position;

	private int line = 1;

	private CqlLexer(String text) {
		this.text = text;
	}

	/**
	 * Tokenizes a text, comments included, ending with an {@code END} token.
	 * @param text CQL
	 * @return the tokens
	 * @throws CqlParseException on an unterminated string, name or comment
	 */
	static List<CqlToken> tokenize(String text) {
		return new CqlLexer(text).run();
	}

	private List<CqlToken> run() {
		List<CqlToken> tokens = new ArrayList<>();
		while (true) {
			skipWhitespace();
			if (this.position >= this.text.length()) {
				tokens.add(new CqlToken(CqlToken.Type.END, "", this.position, this.position, this.line));
				return tokens;
			}
			tokens.add(next());
		}
	}

	private void skipWhitespace() {
		while (this.position < this.text.length() && Character.isWhitespace(this.text.charAt(this.position))) {
			if (this.text.charAt(this.position) == '\n') {
				this.line++;
			}
			this.position++;
		}
	}

	private CqlToken next() {
		int start = this.position;
		int startLine = this.line;
		char c = this.text.charAt(start);
		if (this.text.startsWith("--", start) || this.text.startsWith("//", start)) {
			int endOfLine = this.text.indexOf('\n', start);
			return token(CqlToken.Type.COMMENT, start, (endOfLine < 0) ? this.text.length() : endOfLine, startLine);
		}
		if (this.text.startsWith("/*", start)) {
			return token(CqlToken.Type.COMMENT, start, closing("*/", start + 2, "comment") + 2, startLine);
		}
		if (c == '\'') {
			return token(CqlToken.Type.STRING, start, quoted('\'', start), startLine);
		}
		if (c == '"') {
			return token(CqlToken.Type.QUOTED_NAME, start, quoted('"', start), startLine);
		}
		if (this.text.startsWith("$$", start)) {
			return token(CqlToken.Type.STRING, start, closing("$$", start + 2, "$$ string") + 2, startLine);
		}
		if (c == '?') {
			return token(CqlToken.Type.MARKER, start, start + 1, startLine);
		}
		if (c == ':' && start + 1 < this.text.length() && isWordStart(this.text.charAt(start + 1))) {
			return token(CqlToken.Type.MARKER, start, wordEnd(start + 1), startLine);
		}
		Matcher uuid = UUID.matcher(this.text).region(start, this.text.length());
		if (uuid.lookingAt()) {
			return token(CqlToken.Type.CONSTANT, start, uuid.end(), startLine);
		}
		if (Character.isDigit(c)) {
			Matcher number = NUMBER.matcher(this.text).region(start, this.text.length());
			number.lookingAt();
			return token(CqlToken.Type.CONSTANT, start, number.end(), startLine);
		}
		if (isWordStart(c)) {
			return token(CqlToken.Type.WORD, start, wordEnd(start), startLine);
		}
		for (String symbol : TWO_CHARACTER_SYMBOLS) {
			if (this.text.startsWith(symbol, start)) {
				return token(CqlToken.Type.SYMBOL, start, start + 2, startLine);
			}
		}
		return token(CqlToken.Type.SYMBOL, start, start + 1, startLine);
	}

	private CqlToken token(CqlToken.Type type, int start, int end, int startLine) {
		for (int i = start; i < end; i++) {
			if (this.text.charAt(i) == '\n') {
				this.line++;
			}
		}
		this.position = end;
		return new CqlToken(type, this.text.substring(start, end), start, end, startLine);
	}

	private int quoted(char quote, int start) {
		int i = start + 1;
		while (i < this.text.length()) {
			if (this.text.charAt(i) == quote) {
				if (i + 1 < this.text.length() && this.text.charAt(i + 1) == quote) {
					i += 2;
					continue;
				}
				return i + 1;
			}
			i++;
		}
		throw new CqlParseException("Unterminated " + ((quote == '\'') ? "string" : "quoted name")
				+ " starting on line " + this.line + ": " + excerpt(start));
	}

	private int closing(String delimiter, int from, String what) {
		int end = this.text.indexOf(delimiter, from);
		if (end < 0) {
			throw new CqlParseException(
					"Unterminated " + what + " starting on line " + this.line + ": " + excerpt(from));
		}
		return end;
	}

	private String excerpt(int start) {
		return this.text.substring(start, Math.min(this.text.length(), start + 40));
	}

	private int wordEnd(int start) {
		int i = start;
		while (i < this.text.length()
				&& (Character.isLetterOrDigit(this.text.charAt(i)) || this.text.charAt(i) == '_')) {
			i++;
		}
		return i;
	}

	private static boolean isWordStart(char c) {
		return Character.isLetter(c) || c == '_';
	}

}
