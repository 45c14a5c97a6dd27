package dev.querydriven.servicesupport.web;

import java.beans.PropertyEditorSupport;
import java.util.UUID;
import java.util.regex.Pattern;

import dev.querydriven.servicesupport.text.TextKind;
import dev.querydriven.servicesupport.text.TextRules;

import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/**
 * How every controller reads its path, query and header parameters: as strictly as the
 * JSON mapper reads a body. Spring's default conversions are lenient in ways that change
 * what a request means: {@code UUID.fromString} reads {@code 1-2-3-4-5} and a UUID
 * missing a digit as some other UUID, numbers may be hexadecimal ({@code 0x10}) or padded
 * with spaces, a blank UUID becomes a missing path variable (a 500). Here:
 * <ul>
 * <li>a string passes the {@link TextRules} for one line of text;</li>
 * <li>a UUID is the canonical 36 characters, {@code 8-4-4-4-12} hexadecimal digits;</li>
 * <li>a whole number is decimal digits with an optional minus sign, within its type;</li>
 * <li>a decimal number is written as in JSON and finite (no {@code NaN}, no
 * {@code Infinity}, no hexadecimal);</li>
 * <li>an enum constant is its exact name: not blank (which Spring reads as absent), not
 * padded, not lower case.</li>
 * </ul>
 * A refused value is a type mismatch of the parameter: a 400 naming it.
 */
@ControllerAdvice
public class ParameterBinding {

	private static final Pattern CANONICAL_UUID = Pattern
		.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

	private static final Pattern WHOLE_NUMBER = Pattern.compile("-?[0-9]{1,19}");

	private static final Pattern DECIMAL_NUMBER = Pattern
		.compile("-?[0-9]{1,30}(\\.[0-9]{1,30})?([eE][+-]?[0-9]{1,4})?");

	@InitBinder
	void strictParameters(WebDataBinder binder) {
		binder.registerCustomEditor(String.class, new Editor((text) -> {
			TextRules.check(text, TextKind.LINE);
			return text;
		}));
		binder.registerCustomEditor(UUID.class, new Editor((text) -> {
			require(CANONICAL_UUID.matcher(text).matches());
			return UUID.fromString(text);
		}));
		Editor integer = new Editor((text) -> {
			require(WHOLE_NUMBER.matcher(text).matches());
			return Integer.valueOf(text);
		});
		binder.registerCustomEditor(int.class, integer);
		binder.registerCustomEditor(Integer.class, integer);
		Editor whole = new Editor((text) -> {
			require(WHOLE_NUMBER.matcher(text).matches());
			return Long.valueOf(text);
		});
		binder.registerCustomEditor(long.class, whole);
		binder.registerCustomEditor(Long.class, whole);
		Editor decimal = new Editor((text) -> {
			require(DECIMAL_NUMBER.matcher(text).matches());
			double value = Double.parseDouble(text);
			require(Double.isFinite(value));
			return value;
		});
		binder.registerCustomEditor(double.class, decimal);
		binder.registerCustomEditor(Double.class, decimal);
		// Every enum: the constant's exact name. (A blank value would otherwise be read
		// as no value at all: an optional "to=" would quietly become "no target".) The
		// editor only checks; the binder then looks the constant up by name.
		binder.registerCustomEditor(Enum.class, new Editor((text) -> {
			require(!text.isEmpty() && text.strip().equals(text));
			return text;
		}));
	}

	private static void require(boolean valid) {
		if (!valid) {
			throw new IllegalArgumentException("not in the form this API accepts");
		}
	}

	private static final class Editor extends PropertyEditorSupport {

		private final java.util.function.Function<String, Object> parse;

		Editor(java.util.function.Function<String, Object> parse) {
			this.parse = parse;
		}

		@Override
		public void setAsText(String text) {
			setValue((text != null) ? this.parse.apply(text) : null);
		}

	}

}
