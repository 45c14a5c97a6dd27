package dev.querydriven.servicesupport.text;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What each kind of text may hold: valid Unicode without invisible controls everywhere,
 * line breaks only in multi-line text, no invisible formatting in identifiers.
 */
class TextRulesTests {

	/**
	 * Each character class, against each kind of text (escapes written as
	 * {@code \\uXXXX}).
	 */
	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			plain ASCII                   | alice@example.com           | ok    | ok    | ok
			accents, emoji, Hebrew        | Café\\uD83D\\uDE00שלום       | ok    | ok    | ok
			an unpaired high surrogate    | a\\uD800b                   | NO    | NO    | NO
			an unpaired low surrogate     | a\\uDC00b                   | NO    | NO    | NO
			NUL                           | a\\u0000b                   | NO    | NO    | NO
			a terminal escape             | \\u001B[31mred              | NO    | NO    | NO
			DEL                           | a\\u007Fb                   | NO    | NO    | NO
			a C1 control                  | a\\u0085b                   | NO    | NO    | NO
			a right-to-left override      | abc\\u202Egpj.exe           | NO    | NO    | NO
			a noncharacter                | a\\uFFFFb                   | NO    | NO    | NO
			a tab                         | a\\tb                       | NO    | ok    | NO
			a line feed                   | a\\nb                       | NO    | ok    | NO
			a paragraph separator         | a\\u2029b                   | NO    | ok    | NO
			a right-to-left isolate       | a\\u2067b\\u2069            | ok    | ok    | NO
			a zero-width space            | a\\u200Bb                   | ok    | ok    | NO
			a space                       | a b                         | ok    | ok    | NO
			""")
	void eachKindOfTextHoldsWhatItMay(String name, String escaped, String line, String multiline, String identifier) {
		String text = unescape(escaped);
		assertThat(TextRules.violation(text, TextKind.LINE) == null).as("one line").isEqualTo(line.equals("ok"));
		assertThat(TextRules.violation(text, TextKind.MULTILINE) == null).as("multi-line")
			.isEqualTo(multiline.equals("ok"));
		assertThat(TextRules.violation(text, TextKind.IDENTIFIER) == null).as("identifier")
			.isEqualTo(identifier.equals("ok"));
	}

	/** A refusal names the character by code point and index, never by quoting it. */
	@ParameterizedTest
	@CsvSource({ "a\\u0000b, U+0000 at index 1", "ab\\uD800, U+D800 at index 2" })
	void refusalNamesTheCodePoint(String escaped, String expected) {
		assertThat(TextRules.violation(unescape(escaped), TextKind.LINE)).contains(expected);
	}

	private static String unescape(String escaped) {
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < escaped.length(); i++) {
			char c = escaped.charAt(i);
			if (c == '\\' && i + 1 < escaped.length() && escaped.charAt(i + 1) == 'u') {
				text.append((char) Integer.parseInt(escaped.substring(i + 2, i + 6), 16));
				i += 5;
			}
			else if (c == '\\' && i + 1 < escaped.length() && escaped.charAt(i + 1) == 't') {
				text.append('\t');
				i++;
			}
			else if (c == '\\' && i + 1 < escaped.length() && escaped.charAt(i + 1) == 'n') {
				text.append('\n');
				i++;
			}
			else {
				text.append(c);
			}
		}
		return text.toString();
	}

}
