package dev.querydriven.modeling.dualwrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a CQL modification statement does, read from its text by a small tokenizer rather
 * than by regular expressions over the raw string: string literals, quoted identifiers
 * and comments are skipped, so {@code 'what IF x = 1'} in a value is not mistaken for a
 * condition, and a column named {@code "timestamp"} is not mistaken for
 * {@code USING TIMESTAMP}.
 *
 * <p>
 * Parsing is the fallback: a prepared lightweight transaction carries no result metadata
 * until it runs (Cassandra 5.0 prepares {@code INSERT ... IF NOT EXISTS} with an empty
 * result set definition; {@code [applied]} only appears in the response), so the text is
 * the only conclusive source before execution. Column types, where they decide (counter
 * or list?), come from the driver's metadata instead; see {@link WriteRules}.
 *
 * @param kind the statement kind
 * @param cql the statement text
 * @param conditional whether the statement has an {@code IF} clause (a lightweight
 * transaction)
 * @param usingTimestamp whether the statement sets its own write timestamp
 * @param keyspace the keyspace written in the text, if any (normalized: unquoted names
 * lower-cased)
 * @param table the table written, if found (normalized)
 * @param selfReferences columns updated relative to themselves ({@code c = c + ?},
 * {@code c = ? + c}): a counter increment, a list append or a set/map union, told apart
 * by the column's type
 */
record CqlWriteShape(Kind kind, String cql, boolean conditional, boolean usingTimestamp, Optional<String> keyspace,
		Optional<String> table, List<String> selfReferences) {

	enum Kind {

		INSERT, UPDATE, DELETE, BATCH, OTHER

	}

	/**
	 * Shapes already read, by statement text: every write of a prepared statement is
	 * checked, and tokenizing its text each time took a few percent of a write's CPU in
	 * the benchmarks. Bounded, since unprepared statements may carry their values in
	 * their text.
	 */
	private static final Map<String, CqlWriteShape> shapes = new ConcurrentHashMap<>();

	private static final int MAX_CACHED_SHAPES = 1024;

	static CqlWriteShape of(String cql) {
		CqlWriteShape known = shapes.get(cql);
		if (known != null) {
			return known;
		}
		CqlWriteShape shape = read(cql);
		if (shapes.size() < MAX_CACHED_SHAPES) {
			shapes.putIfAbsent(cql, shape);
		}
		return shape;
	}

	private static CqlWriteShape read(String cql) {
		List<Token> tokens = tokenize(cql);
		Kind kind = kind(tokens);
		boolean conditional = tokens.stream().anyMatch((token) -> token.isWord("if"));
		Optional<QualifiedName> target = target(kind, tokens);
		return new CqlWriteShape(kind, cql, conditional, usingTimestamp(tokens),
				target.flatMap(QualifiedName::keyspace), target.map(QualifiedName::table),
				(kind == Kind.UPDATE) ? selfReferences(tokens) : List.of());
	}

	private static Kind kind(List<Token> tokens) {
		if (tokens.isEmpty() || tokens.get(0).type != TokenType.WORD) {
			return Kind.OTHER;
		}
		return switch (tokens.get(0).text) {
			case "insert" -> Kind.INSERT;
			case "update" -> Kind.UPDATE;
			case "delete" -> Kind.DELETE;
			case "begin", "apply" -> Kind.BATCH;
			default -> Kind.OTHER;
		};
	}

	private static Optional<QualifiedName> target(Kind kind, List<Token> tokens) {
		int start = switch (kind) {
			case INSERT -> indexOfWord(tokens, "into", 0) + 1;
			case UPDATE -> 1;
			case DELETE -> indexOfWord(tokens, "from", 0) + 1;
			default -> 0;
		};
		if (start <= 0 || start >= tokens.size() || !tokens.get(start).isName()) {
			return Optional.empty();
		}
		String first = tokens.get(start).text;
		if (start + 2 < tokens.size() && tokens.get(start + 1).isSymbol(".") && tokens.get(start + 2).isName()) {
			return Optional.of(new QualifiedName(Optional.of(first), tokens.get(start + 2).text));
		}
		return Optional.of(new QualifiedName(Optional.empty(), first));
	}

	/**
	 * {@code USING TTL x AND TIMESTAMP y}: the keywords follow {@code USING} and
	 * {@code AND} within that clause only; elsewhere {@code timestamp} may be a column.
	 */
	private static boolean usingTimestamp(List<Token> tokens) {
		int using = indexOfWord(tokens, "using", 0);
		while (using >= 0) {
			int index = using + 1;
			while (index < tokens.size()) {
				Token option = tokens.get(index);
				if (option.isWord("timestamp")) {
					return true;
				}
				if (!option.isWord("ttl") || index + 2 >= tokens.size() || !tokens.get(index + 2).isWord("and")) {
					break;
				}
				index += 3;
			}
			using = indexOfWord(tokens, "using", using + 1);
		}
		return false;
	}

	private static List<String> selfReferences(List<Token> tokens) {
		int set = indexOfWord(tokens, "set", 0);
		if (set < 0) {
			return List.of();
		}
		int where = indexOfWord(tokens, "where", set);
		int end = (where < 0) ? tokens.size() : where;
		List<String> columns = new ArrayList<>();
		for (List<Token> assignment : splitTopLevel(tokens.subList(set + 1, end))) {
			if (assignment.size() < 4 || !assignment.get(0).isName() || !assignment.get(1).isSymbol("=")) {
				continue;
			}
			Token column = assignment.get(0);
			List<Token> value = assignment.subList(2, assignment.size());
			boolean leading = value.get(0).sameName(column)
					&& (value.get(1).isSymbol("+") || value.get(1).isSymbol("-"));
			boolean trailing = value.get(value.size() - 1).sameName(column)
					&& value.get(value.size() - 2).isSymbol("+");
			if (leading || trailing) {
				columns.add(column.text);
			}
		}
		return List.copyOf(columns);
	}

	private static List<List<Token>> splitTopLevel(List<Token> tokens) {
		List<List<Token>> parts = new ArrayList<>();
		List<Token> current = new ArrayList<>();
		int depth = 0;
		for (Token token : tokens) {
			if (token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{")) {
				depth++;
			}
			else if (token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}")) {
				depth--;
			}
			if (depth == 0 && token.isSymbol(",")) {
				parts.add(current);
				current = new ArrayList<>();
			}
			else {
				current.add(token);
			}
		}
		parts.add(current);
		return parts;
	}

	private static int indexOfWord(List<Token> tokens, String word, int from) {
		for (int index = Math.max(from, 0); index < tokens.size(); index++) {
			if (tokens.get(index).isWord(word)) {
				return index;
			}
		}
		return -1;
	}

	static List<Token> tokenize(String cql) {
		List<Token> tokens = new ArrayList<>();
		int index = 0;
		int length = cql.length();
		while (index < length) {
			char c = cql.charAt(index);
			if (Character.isWhitespace(c)) {
				index++;
			}
			else if ((c == '-' && cql.startsWith("--", index)) || (c == '/' && cql.startsWith("//", index))) {
				int newline = cql.indexOf('\n', index);
				index = (newline < 0) ? length : newline + 1;
			}
			else if (c == '/' && cql.startsWith("/*", index)) {
				int close = cql.indexOf("*/", index + 2);
				index = (close < 0) ? length : close + 2;
			}
			else if (c == '\'') {
				index = skipQuoted(cql, index, '\'');
				tokens.add(new Token(TokenType.LITERAL, "'"));
			}
			else if (c == '$' && cql.startsWith("$$", index)) {
				int close = cql.indexOf("$$", index + 2);
				index = (close < 0) ? length : close + 2;
				tokens.add(new Token(TokenType.LITERAL, "$$"));
			}
			else if (c == '"') {
				int end = skipQuoted(cql, index, '"');
				String name = cql.substring(index + 1, Math.max(index + 1, end - 1)).replace("\"\"", "\"");
				tokens.add(new Token(TokenType.QUOTED_NAME, name));
				index = end;
			}
			else if (Character.isLetter(c) || c == '_') {
				int end = index;
				while (end < length && (Character.isLetterOrDigit(cql.charAt(end)) || cql.charAt(end) == '_')) {
					end++;
				}
				tokens.add(new Token(TokenType.WORD, cql.substring(index, end).toLowerCase(Locale.ROOT)));
				index = end;
			}
			else if (Character.isDigit(c)) {
				int end = index;
				while (end < length && (Character.isLetterOrDigit(cql.charAt(end)) || cql.charAt(end) == '.'
						|| cql.charAt(end) == '-' || cql.charAt(end) == '_')) {
					end++;
				}
				tokens.add(new Token(TokenType.LITERAL, cql.substring(index, end)));
				index = end;
			}
			else if (c == '?' || c == ':') {
				int end = index + 1;
				while (c == ':' && end < length
						&& (Character.isLetterOrDigit(cql.charAt(end)) || cql.charAt(end) == '_')) {
					end++;
				}
				tokens.add(new Token(TokenType.BIND_MARKER, cql.substring(index, end)));
				index = end;
			}
			else {
				tokens.add(new Token(TokenType.SYMBOL, String.valueOf(c)));
				index++;
			}
		}
		return tokens;
	}

	/** Returns the index after a quoted run, where a doubled quote escapes itself. */
	private static int skipQuoted(String cql, int start, char quote) {
		int index = start + 1;
		while (index < cql.length()) {
			if (cql.charAt(index) == quote) {
				if (index + 1 < cql.length() && cql.charAt(index + 1) == quote) {
					index += 2;
					continue;
				}
				return index + 1;
			}
			index++;
		}
		return cql.length();
	}

	enum TokenType {

		WORD, QUOTED_NAME, LITERAL, BIND_MARKER, SYMBOL

	}

	record Token(TokenType type, String text) {

		boolean isWord(String word) {
			return this.type == TokenType.WORD && this.text.equals(word);
		}

		boolean isSymbol(String symbol) {
			return this.type == TokenType.SYMBOL && this.text.equals(symbol);
		}

		boolean isName() {
			return this.type == TokenType.WORD || this.type == TokenType.QUOTED_NAME;
		}

		boolean sameName(Token other) {
			return isName() && other.isName() && this.text.equals(other.text);
		}

	}

	private record QualifiedName(Optional<String> keyspace, String table) {

	}

}
