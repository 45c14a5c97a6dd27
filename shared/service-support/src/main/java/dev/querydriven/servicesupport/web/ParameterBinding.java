package dev.querydriven.servicesupport.web;

import java.beans.PropertyEditorSupport;
import java.util.Arrays;
import java.util.Objects;
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
 * with spaces, a blank UUID becomes a missing path variable (a 500). Here a string passes
 * the {@link TextRules} for one line, a UUID is its canonical 36 characters, a whole
 * number is decimal digits within its type (a {@link PageLimit} within its bounds), a
 * decimal is written as in JSON and finite, and an enum constant is its exact name (not
 * blank, which Spring reads as absent, nor padded, nor lower case). A refused value is a
 * type mismatch of the parameter: a 400 naming it.
 *
 * <p>
 * Registered on the binding initializer every data binder passes through, not by an
 * {@code @InitBinder} that Spring would invoke reflectively for every parameter of every
 * request; editors, not converters, as a binder falls back to its default editors when a
 * converter refuses a value (and {@code UUIDEditor} reads {@code 1-2-3-4-5}).
 */
public final class ParameterBinding implements PropertyEditorRegistrar {

	private static final Pattern CANONICAL_UUID = Pattern
		.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

	private static final Pattern WHOLE_NUMBER = Pattern.compile("-?[0-9]{1,19}");

	private static final Pattern DECIMAL_NUMBER = Pattern
		.compile("-?[0-9]{1,30}(\\.[0-9]{1,30})?([eE][+-]?[0-9]{1,4})?");

	@Override
	public void registerCustomEditors(PropertyEditorRegistry registry) {
		register(registry, (text) -> {
			TextRules.check(text, TextKind.LINE);
			return text;
		}, String.class);
		register(registry, (text) -> UUID.fromString(valid(text, CANONICAL_UUID)), UUID.class);
		register(registry, (text) -> Integer.valueOf(valid(text, WHOLE_NUMBER)), int.class, Integer.class);
		register(registry, (text) -> Long.valueOf(valid(text, WHOLE_NUMBER)), long.class, Long.class);
		register(registry, (text) -> {
			long value = Long.parseLong(valid(text, WHOLE_NUMBER));
			require(value >= PageLimit.MIN && value <= PageLimit.MAX);
			return new PageLimit((int) value);
		}, PageLimit.class);
		register(registry, (text) -> {
			double value = Double.parseDouble(valid(text, DECIMAL_NUMBER));
			require(Double.isFinite(value));
			return value;
		}, double.class, Double.class);
		// An enum constant is its exact name (a blank "to=" is not "no target"), which
		// the binder then looks up.
		register(registry, (text) -> {
			require(!text.isEmpty() && text.strip().equals(text));
			return text;
		}, Enum.class);
	}

	// What adds these editors to the annotated controllers' binders.
	static BeanPostProcessor installer() {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessBeforeInitialization(Object bean, String beanName) {
				if (bean instanceof RequestMappingHandlerAdapter adapter) {
					if (!(adapter
						.getWebBindingInitializer() instanceof ConfigurableWebBindingInitializer initializer)) {
						// Parameters read leniently would be a quiet change of meaning.
						throw new IllegalStateException(beanName + " has no ConfigurableWebBindingInitializer");
					}
					PropertyEditorRegistrar[] registrars = Objects
						.requireNonNullElse(initializer.getPropertyEditorRegistrars(), new PropertyEditorRegistrar[0]);
					PropertyEditorRegistrar[] all = Arrays.copyOf(registrars, registrars.length + 1);
					all[registrars.length] = new ParameterBinding();
					initializer.setPropertyEditorRegistrars(all);
				}
				return bean;
			}

		};
	}

	// An editor holds the value it converts: every binder gets new ones.
	private static void register(PropertyEditorRegistry registry, Function<String, Object> parse, Class<?>... types) {
		for (Class<?> type : types) {
			registry.registerCustomEditor(type, new PropertyEditorSupport() {

				@Override
				public void setAsText(String text) {
					setValue((text != null) ? parse.apply(text) : null);
				}

			});
		}
	}

	private static String valid(String text, Pattern form) {
		require(form.matcher(text).matches());
		return text;
	}

	private static void require(boolean valid) {
		if (!valid) {
			throw new IllegalArgumentException("not in the form this API accepts");
		}
	}

}
