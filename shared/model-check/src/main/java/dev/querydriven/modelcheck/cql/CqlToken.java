package dev.querydriven.modelcheck.cql;

import java.util.Locale;

/**
 * One lexical token of a CQL text.
 *
 * @param type what kind of token
 * @param text the token as written (quotes included for strings and quoted names)
 * @param start offset of its first character in the text
 * @param end offset after its last character
 * @param line the 1-based line it starts on
 */
record CqlToken(Type type, String text, int start, int end, int line) {

	enum Type {

		/** A word: a keyword or an unquoted name. */
		WORD,
		/** A double-quoted, case-sensitive name. */
		QUOTED_NAME,
		/** A string constant, single-quoted or between {@code $$}. */
		STRING,
		/** A number, a UUID, a blob ({@code 0x...}) or a duration. */
		CONSTANT,
		/** A bind marker: {@code ?} or {@code :name}. */
		MARKER,
		/** Punctuation or an operator. */
		SYMBOL,
		/** A comment ({@code --}, {@code //} or a block comment). */
		COMMENT,
		/** The end of the text. */
		END

	}

	boolean isWord(String word) {
		return this.type == Type.WORD && this.text.equalsIgnoreCase(word);
	}

	boolean isSymbol(String symbol) {
		return this.type == Type.SYMBOL && this.text.equals(symbol);
	}

	boolean isName() {
		return this.type == Type.WORD || this.type == Type.QUOTED_NAME;
	}

	/**
	 * The name this token denotes, as Cassandra stores it: unquoted names are
	 * case-insensitive (lower-cased), quoted ones are kept as written.
	 * @return the internal name
	 */
	String name() {
		if (this.type == Type.QUOTED_NAME) {
			return this.text.substring(1, this.text.length() - 1).replace("\"\"", "\"");
		}
		return this.text.toLowerCase(Locale.ROOT);
	}

}
