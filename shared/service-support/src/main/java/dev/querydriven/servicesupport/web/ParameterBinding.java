package dev.querydriven.servicesupport.web;

import java.beans.PropertyEditorSupport;
import java.util.Arrays;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;

import dev.querydriven.servicesupport.text.TextKind;
import dev.querydriven.servicesupport.text.TextRules;

import org.springframework.beans.PropertyEditorRegistrar;
import org.springframework.beans.PropertyEditorRegistry;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.web.bind.support.ConfigurableWebBindingInitializer;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerAdapter;

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
 * <li>a page size ({@link PageLimit}) is a whole number within its bounds;</li>
 * <li>a decimal number is written as in JSON and finite (no {@code NaN}, no
 * {@code Infinity}, no hexadecimal);</li>
 * <li>an enum constant is its exact name: not blank (which Spring reads as absent), not
 * padded, not lower case.</li>
 * </ul>
 * A refused value is a type mismatch of the parameter: a 400 naming it.
 *
 * <p>
 * The editors are registered by the binding initializer that every data binder of a
 * request passes through, not by an {@code @InitBinder} method, which Spring would look
 * up and invoke reflectively for every parameter of every request. They are editors
 * rather than converters because a binder falls back to its default editors when a
 * converter refuses a value: {@code UUIDEditor} would then read {@code 1-2-3-4-5} after
 * all. An editor keeps the value it converts, so each binder gets new ones.
 */
public final class ParameterBinding implements PropertyEditorRegistrar {

	private static final Pattern CANONICAL_UUID = Pattern
		.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

	private static final Pattern WHOLE_NUMBER = Pattern.compile("-?[0-9]{1,19}");

	private static final Pattern DECIMAL_NUMBER = Pattern
		.compile("-?[0-9]{1,30}(\\.[0-9]{1,30})?([eE][+-]?[0-9]{1,4})?");

	private static final Function<String, Object> LINE = (text) -> {
		TextRules.check(text, TextKind.LINE);
		return text;
	};

	private static final Function<String, Object> CANONICAL = (text) -> {
		require(CANONICAL_UUID.matcher(text).matches());
		return UUID.fromString(text);
	};

	private static final Function<String, Object> INTEGER = (text) -> {
		require(WHOLE_NUMBER.matcher(text).matches());
		return Integer.valueOf(text);
	};

	private static final Function<String, Object> LONG = (text) -> {
		require(WHOLE_NUMBER.matcher(text).matches());
		return Long.valueOf(text);
	};

	private static final Function<String, Object> PAGE_LIMIT = (text) -> {
		require(WHOLE_NUMBER.matcher(text).matches());
		long value = Long.parseLong(text);
		require(value >= PageLimit.MIN && value <= PageLimit.MAX);
		return new PageLimit((int) value);
	};

	private static final Function<String, Object> DECIMAL = (text) -> {
		require(DECIMAL_NUMBER.matcher(text).matches());
		double value = Double.parseDouble(text);
		require(Double.isFinite(value));
		return value;
	};

	// Every enum: the constant's exact name. (A blank value would otherwise be read as no
	// value at all: an optional "to=" would quietly become "no target".) The editor only
	// checks; the binder then looks the constant up by name.
	private static final Function<String, Object> ENUM_NAME = (text) -> {
		require(!text.isEmpty() && text.strip().equals(text));
		return text;
	};

	@Override
	public void registerCustomEditors(PropertyEditorRegistry registry) {
		registry.registerCustomEditor(String.class, new Editor(LINE));
		registry.registerCustomEditor(UUID.class, new Editor(CANONICAL));
		registry.registerCustomEditor(int.class, new Editor(INTEGER));
		registry.registerCustomEditor(Integer.class, new Editor(INTEGER));
		registry.registerCustomEditor(long.class, new Editor(LONG));
		registry.registerCustomEditor(Long.class, new Editor(LONG));
		registry.registerCustomEditor(PageLimit.class, new Editor(PAGE_LIMIT));
		registry.registerCustomEditor(double.class, new Editor(DECIMAL));
		registry.registerCustomEditor(Double.class, new Editor(DECIMAL));
		registry.registerCustomEditor(Enum.class, new Editor(ENUM_NAME));
	}

	/**
	 * Adds these editors to the binding initializer of the annotated controllers, before
	 * the adapter that serves them is initialised.
	 * @return the post-processor
	 */
	static BeanPostProcessor installer() {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessBeforeInitialization(Object bean, String beanName) {
				if (bean instanceof RequestMappingHandlerAdapter adapter) {
					if (!(adapter
						.getWebBindingInitializer() instanceof ConfigurableWebBindingInitializer initializer)) {
						// Parameters read leniently would be a quiet change of meaning.
						throw new IllegalStateException("Cannot read parameters strictly: " + beanName
								+ " has no ConfigurableWebBindingInitializer");
					}
					PropertyEditorRegistrar[] registrars = initializer.getPropertyEditorRegistrars();
					PropertyEditorRegistrar[] all = (registrars != null)
							? Arrays.copyOf(registrars, registrars.length + 1) : new PropertyEditorRegistrar[1];
					all[all.length - 1] = new ParameterBinding();
					initializer.setPropertyEditorRegistrars(all);
				}
				return bean;
			}

		};
	}

	private static void require(boolean valid) {
		if (!valid) {
			throw new IllegalArgumentException("not in the form this API accepts");
		}
	}

	private static final class Editor extends PropertyEditorSupport {

		private final Function<String, Object> parse;

		Editor(Function<String, Object> parse) {
			this.parse = parse;
		}

		@Override
		public void setAsText(String text) {
			setValue((text != null) ? this.parse.apply(text) : null);
		}

	}

}
