package dev.querydriven.modelcheck.cql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Table options that Cassandra 4.0 removed, which the {@code DESCRIBE} output of older
 * clusters still writes ({@code read_repair_chance}, {@code dclocal_read_repair_chance}):
 * a Cassandra 5 node refuses a table that sets them. They tuned background read repair,
 * not the data model, so the checker leaves them out of such a statement and says so.
 */
public final class RemovedTableOptions {

	/** The options removed in Cassandra 4.0. */
	public static final Set<String> NAMES = Set.of("read_repair_chance", "dclocal_read_repair_chance");

	private RemovedTableOptions() {
	}

	/**
	 * A statement without the removed options.
	 *
	 * @param cql the statement to run
	 * @param removed the options left out, as written (e.g.
	 * {@code read_repair_chance = 0.0}); empty when the statement is unchanged
	 */
	public record Stripped(String cql, List<String> removed) {

	}

	/**
	 * Leaves the removed options out of the {@code WITH} clause of a {@code CREATE} or
	 * {@code ALTER} of a table or materialized view.
	 * @param cql the statement
	 * @return the statement to run, and what was left out
	 * @throws CqlParseException on an unterminated string, name or comment
	 */
	public static Stripped strip(String cql) {
		List<CqlToken> tokens = CqlLexer.tokenize(cql)
			.stream()
			.filter((token) -> token.type() != CqlToken.Type.COMMENT)
			.toList();
		int with = -1;
		int depth = 0;
		for (int i = 0; i < tokens.size(); i++) {
			CqlToken token = tokens.get(i);
			depth += depthChange(token);
			if (depth == 0 && token.isWord("with")) {
				with = i;
				break;
			}
		}
		if (with < 0 || !definesTableOptions(tokens)) {
			return new Stripped(cql, List.of());
		}
		// The options: segments between top-level ANDs, up to the end (or a semicolon).
		List<int[]> segments = new ArrayList<>();
		int start = with + 1;
		depth = 0;
		int end = with + 1;
		for (; end < tokens.size(); end++) {
			CqlToken token = tokens.get(end);
			if (token.type() == CqlToken.Type.END || (depth == 0 && token.isSymbol(";"))) {
				break;
			}
			depth += depthChange(token);
			if (depth == 0 && token.isWord("and")) {
				segments.add(new int[] { start, end });
				start = end + 1;
			}
		}
		segments.add(new int[] { start, end });
		List<String> kept = new ArrayList<>();
		List<String> removed = new ArrayList<>();
		for (int[] segment : segments) {
			if (segment[0] >= segment[1]) {
				continue;
			}
			String text = cql.substring(tokens.get(segment[0]).start(), tokens.get(segment[1] - 1).end());
			CqlToken name = tokens.get(segment[0]);
			boolean obsolete = name.type() == CqlToken.Type.WORD && segment[1] - segment[0] > 1
					&& tokens.get(segment[0] + 1).isSymbol("=") && NAMES.contains(name.text().toLowerCase(Locale.ROOT));
			(obsolete ? removed : kept).add(text);
		}
		if (removed.isEmpty()) {
			return new Stripped(cql, List.of());
		}
		int clauseStart = tokens.get(with).start();
		int clauseEnd = tokens.get(end - 1).end();
		String options = kept.isEmpty() ? "" : " WITH " + String.join(" AND ", kept);
		String stripped = (cql.substring(0, clauseStart).stripTrailing() + options + cql.substring(clauseEnd)).strip();
		return new Stripped(stripped, List.copyOf(removed));
	}

	private static boolean definesTableOptions(List<CqlToken> tokens) {
		if (tokens.size() < 3 || !(tokens.get(0).isWord("create") || tokens.get(0).isWord("alter"))) {
			return false;
		}
		CqlToken object = tokens.get(1);
		return object.isWord("table") || object.isWord("columnfamily") || object.isWord("materialized");
	}

	private static int depthChange(CqlToken token) {
		if (token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{")) {
			return 1;
		}
		if (token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}")) {
			return -1;
		}
		return 0;
	}

}
