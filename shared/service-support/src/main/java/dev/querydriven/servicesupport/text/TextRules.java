package dev.querydriven.servicesupport.text;

/**
 * The characters a stored string may not hold, checked on every string of every request.
 *
 * <ul>
 * <li><b>Always refused:</b> unpaired surrogates (a JSON escape such as {@code \uD800} is
 * not a character: the driver cannot encode it in UTF-8, and it corrupts every copy and
 * log it reaches); NUL and the other C0 controls, DEL and the C1 controls (terminal
 * escapes, log injection); the bidirectional embeddings and overrides U+202A–U+202E,
 * which reorder what a reader sees ("Trojan Source"; the isolates U+2066–U+2069 that
 * Unicode recommends instead stay allowed in text); and the noncharacters (U+FFFE, U+FFFF
 * and friends).</li>
 * <li><b>One line ({@link TextKind#LINE}, the default):</b> also no tab, line feed,
 * carriage return, line or paragraph separator.</li>
 * <li><b>Multi-line ({@link TextKind#MULTILINE}):</b> tabs and line breaks allowed.</li>
 * <li><b>Identifiers ({@link TextKind#IDENTIFIER}):</b> one line, and also no format
 * characters (Unicode category Cf: zero-width spaces and joiners, every bidirectional
 * control, soft hyphens) and no spaces, so that identifiers which look alike are
 * equal.</li>
 * </ul>
 * Messages never repeat the offending text: they name the character by its code point.
 */
public final class TextRules {

	private TextRules() {
	}

	/**
	 * Checks a string.
	 * @param text the string
	 * @param kind what the string is
	 * @throws InvalidTextException naming the first offending character and where it is
	 */
	public static void check(String text, TextKind kind) {
		String violation = violation(text, kind);
		if (violation != null) {
			throw new InvalidTextException(violation);
		}
	}

	/**
	 * Finds the first offending character of a string.
	 * @param text the string
	 * @param kind what the string is
	 * @return what is wrong, or {@code null} when the text is acceptable
	 */
	public static String violation(String text, TextKind kind) {
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (Character.isHighSurrogate(c)) {
				if (i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
					int codePoint = Character.toCodePoint(c, text.charAt(i + 1));
					String problem = problem(codePoint, kind);
					if (problem != null) {
						return describe(problem, codePoint, i);
					}
					i++;
					continue;
				}
				return "must be valid Unicode: an unpaired surrogate " + hex(c) + " at index " + i
						+ " is not a character";
			}
			if (Character.isLowSurrogate(c)) {
				return "must be valid Unicode: an unpaired surrogate " + hex(c) + " at index " + i
						+ " is not a character";
			}
			String problem = problem(c, kind);
			if (problem != null) {
				return describe(problem, c, i);
			}
		}
		return null;
	}

	private static String problem(int codePoint, TextKind kind) {
		if (codePoint == 0) {
			return "must not contain NUL";
		}
		boolean lineBreakOrTab = codePoint == '\t' || codePoint == '\n' || codePoint == '\r' || codePoint == 0x2028
				|| codePoint == 0x2029;
		if (lineBreakOrTab) {
			return (kind == TextKind.MULTILINE) ? null : "must be a single line without tabs or line breaks";
		}
		if (codePoint < 0x20 || (codePoint >= 0x7F && codePoint <= 0x9F)) {
			return "must not contain control characters";
		}
		if (codePoint >= 0x202A && codePoint <= 0x202E) {
			return "must not contain bidirectional embedding or override characters";
		}
		if ((codePoint & 0xFFFE) == 0xFFFE || (codePoint >= 0xFDD0 && codePoint <= 0xFDEF)) {
			return "must not contain Unicode noncharacters";
		}
		if (kind == TextKind.IDENTIFIER) {
			if (Character.getType(codePoint) == Character.FORMAT) {
				return "must not contain invisible formatting characters";
			}
			if (Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint)) {
				return "must not contain spaces";
			}
		}
		return null;
	}

	private static String describe(String problem, int codePoint, int index) {
		return problem + " (" + hex(codePoint) + " at index " + index + ")";
	}

	private static String hex(int codePoint) {
		return String.format("U+%04X", codePoint);
	}

}
