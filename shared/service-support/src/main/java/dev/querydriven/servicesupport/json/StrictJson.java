package dev.querydriven.servicesupport.json;

import java.util.UUID;

import dev.querydriven.servicesupport.text.TextKind;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * How every service reads JSON. A body that does not say exactly what the API documents
 * is refused rather than guessed at:
 * <ul>
 * <li>an unknown field is an error (a misspelled {@code operationId} must not turn a
 * retry into a second order), and so is a field given twice;</li>
 * <li>no scalar coercion: a number is not a string, a string is not a number or a
 * boolean, {@code 1.5} is not an integer, {@code ""} is not {@code null}, an enum is
 * named, not numbered;</li>
 * <li>{@code null} for a primitive and tokens after the document are errors;</li>
 * <li>every string passes the {@link dev.querydriven.servicesupport.text.TextRules}, and
 * a UUID is its canonical text (not Base64);</li>
 * <li>the parser itself refuses nesting deeper than {@value #MAX_NESTING_DEPTH} levels,
 * numbers longer than {@value #MAX_NUMBER_LENGTH} characters, field names longer than
 * {@value #MAX_NAME_LENGTH} and strings longer than {@value #MAX_STRING_LENGTH} before
 * anything is bound. (The request body itself is capped by the codec, see
 * {@code WebConventionsAutoConfiguration}.)</li>
 * </ul>
 * A service that deliberately accepts more (ecommerce-orders reads a price given as a
 * string) relaxes one rule with its own customizer and says why in its README.
 */
public final class StrictJson {

	/** No request of these APIs nests deeper than a few levels. */
	public static final int MAX_NESTING_DEPTH = 32;

	/** A number is at most this many characters (more digits than any field holds). */
	public static final int MAX_NUMBER_LENGTH = 100;

	/** A field name is at most this many characters. */
	public static final int MAX_NAME_LENGTH = 256;

	/** A string is at most this many characters (the longest field is 20,000). */
	public static final int MAX_STRING_LENGTH = 100_000;

	private StrictJson() {
	}

	/**
	 * The parser factory with this project's limits.
	 * @return a new factory
	 */
	public static JsonFactory factory() {
		return JsonFactory.builder()
			.streamReadConstraints(StreamReadConstraints.builder()
				.maxNestingDepth(MAX_NESTING_DEPTH)
				.maxNumberLength(MAX_NUMBER_LENGTH)
				.maxNameLength(MAX_NAME_LENGTH)
				.maxStringLength(MAX_STRING_LENGTH)
				.build())
			.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
			.build();
	}

	/**
	 * Applies the rules to a mapper builder.
	 * @param builder the builder
	 */
	public static void configure(JsonMapper.Builder builder) {
		builder
			.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
					DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, DeserializationFeature.FAIL_ON_TRAILING_TOKENS,
					DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
			.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT, DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY,
					DeserializationFeature.UNWRAP_SINGLE_VALUE_ARRAYS,
					DeserializationFeature.ACCEPT_EMPTY_STRING_AS_NULL_OBJECT,
					DeserializationFeature.ACCEPT_EMPTY_ARRAY_AS_NULL_OBJECT)
			.disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
			.enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
			.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
			.withCoercionConfig(LogicalType.Textual,
					(config) -> config.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
			.withCoercionConfigDefaults(
					(config) -> config.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.EmptyArray, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.EmptyObject, CoercionAction.Fail))
			.addModule(new SimpleModule("query-driven-strict-values")
				.addDeserializer(String.class, new ValidTextDeserializer(TextKind.LINE))
				.addDeserializer(UUID.class, new CanonicalUuidDeserializer()));
	}

}
