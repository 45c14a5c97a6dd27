package dev.querydriven.testsupport.hostile;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import tools.jackson.core.JsonPointer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.util.RawValue;

import org.springframework.web.util.UriUtils;

/**
 * Generates the hostile cases of one operation from its OpenAPI description and a valid
 * request: each case changes exactly one parameter, one body member or the body as a
 * whole. The schema says what a value must be (type, format, pattern, bounds, required);
 * the valid request says where the body's members are.
 */
final class CaseGenerator {

	/** One mebibyte: the size of the "huge" strings. */
	static final int ONE_MB = 1 << 20;

	/** Larger than any request body limit of the services (256 KiB). */
	static final int OVERSIZE_BODY = 300 * 1024;

	/** Deeper than any parser limit (32 levels here, 500 in Jackson by default). */
	static final int DEEP_NESTING = 2_000;

	private static final String UNKNOWN_FIELD = "unexpectedField";

	private static final String VALUE_MARKER = "__hostile_bytes_9c1f__";

	private final ApiDocument document;

	private final JsonMapper json = JsonMapper.builder().build();

	CaseGenerator(ApiDocument document) {
		this.document = document;
	}

	List<HostileCase> cases(ApiOperation operation, Supplier<ValidRequest> valid) {
		List<HostileCase> cases = new ArrayList<>();
		ValidRequest example = valid.get();
		for (ApiParameter parameter : operation.parameters()) {
			if (parameter.inPath() || parameter.inQuery() || parameter.inHeader()) {
				parameterCases(operation, parameter, valid, cases);
			}
		}
		if (operation.body() != null) {
			bodyCases(operation, valid, cases);
			JsonNode body = this.json.readTree(example.body);
			memberCases(operation, valid, this.document.resolve(operation.body()), body, JsonPointer.empty(), true,
					cases);
		}
		operationCases(operation, valid, cases);
		return cases;
	}

	// Parameters (path, query, header)

	private void parameterCases(ApiOperation operation, ApiParameter parameter, Supplier<ValidRequest> valid,
			List<HostileCase> cases) {
		String name = parameter.name();
		JsonNode schema = parameter.schema();
		String type = ApiDocument.type(schema);
		String format = schema.path("format").asString("");
		boolean freeText = "string".equals(type) && !"cursor".equals(name);
		Expectation refused = Expectation.refused(400, name);
		Expectation routeLevel = Expectation.refused(Set.of(400, 404, 405));

		if (parameter.required() && !parameter.inPath()) {
			cases.add(param(operation, valid, parameter, Mutations.MISSING, null, refused));
		}
		if (parameter.inPath()) {
			cases.add(param(operation, valid, parameter, "empty", "", routeLevel));
		}
		else {
			cases.add(param(operation, valid, parameter, "empty", "",
					parameter.required() ? refused : Expectation.mayBeAccepted()));
		}
		for (String[] odd : new String[][] { { "whitespace", "  " }, { "a CQL injection", "x'); DROP TABLE users; --" },
				{ "a path traversal", "../../../etc/passwd" } }) {
			Expectation expectation = (freeText && fits(schema, odd[1])) ? Expectation.mayBeAccepted() : refused;
			cases.add(param(operation, valid, parameter, odd[0], encode(odd[1]), expectation));
		}
		cases.add(param(operation, valid, parameter, "NUL", "a%00b", refused));
		cases.add(param(operation, valid, parameter, "a control character", "a%1B%5B31mb", refused));
		cases.add(param(operation, valid, parameter, "an encoded unpaired surrogate (invalid UTF-8)", "a%ED%A0%80b",
				refused));
		cases.add(param(operation, valid, parameter, "a right-to-left override", "abc%E2%80%AEgpj.exe", refused));
		cases.add(param(operation, valid, parameter, "1 MB", "a".repeat(ONE_MB), refused.orFramingLimit()));
		if (schema.has("maxLength")) {
			int max = schema.get("maxLength").asInt();
			cases.add(param(operation, valid, parameter, "over the limit (" + (max + 1) + " characters)",
					"a".repeat(max + 1), refused.orFramingLimit()));
		}
		switch (type) {
			case "integer", "number" -> numberParameterCases(operation, valid, parameter, schema, type, refused, cases);
			case "boolean" -> cases.add(param(operation, valid, parameter, "not a boolean", "maybe", refused));
			default -> {
			}
		}
		if ("uuid".equals(format)) {
			String validValue = valid.get().path.getOrDefault(name, valid.get().query.get(name));
			cases.add(param(operation, valid, parameter, "not a UUID", "not-a-uuid", refused));
			if (validValue != null) {
				cases.add(param(operation, valid, parameter, "a truncated UUID",
						encode(validValue.substring(0, validValue.length() - 1)), refused));
				cases.add(param(operation, valid, parameter, "a UUID in braces", encode("{" + validValue + "}"),
						refused));
			}
		}
		if ("date-time".equals(format)) {
			for (String[] date : new String[][] { { "not a date", "yesterday" },
					{ "an impossible date", "2026-02-30T10:00:00Z" }, { "epoch milliseconds", "1700000000000" },
					{ "a date without offset", "2026-05-03T14:00:00" },
					{ "beyond Instant's range", "+1000000000-01-01T00:00:00Z" },
					{ "the end of year 9999", "9999-12-31T23:59:59.999Z" },
					{ "before the epoch", "-0001-01-01T00:00:00Z" } }) {
				cases.add(param(operation, valid, parameter, date[0], encode(date[1]), refused));
			}
		}
		if (schema.has("enum")) {
			String first = schema.get("enum").get(0).asString();
			cases.add(param(operation, valid, parameter, "an unknown constant", "NOT_A_CONSTANT", refused));
			if (!first.toLowerCase(Locale.ROOT).equals(first)) {
				cases.add(param(operation, valid, parameter, "a lower-case constant",
						encode(first.toLowerCase(Locale.ROOT)), refused));
			}
			cases.add(param(operation, valid, parameter, "a constant's index", "1", refused));
		}
		if ("email".equals(format)) {
			cases.add(param(operation, valid, parameter, "not an email", "not-an-email", refused));
		}
		if ("cursor".equals(name)) {
			cursorCases(operation, valid, parameter, refused, cases);
		}
	}

	private void numberParameterCases(ApiOperation operation, Supplier<ValidRequest> valid, ApiParameter parameter,
			JsonNode schema, String type, Expectation refused, List<HostileCase> cases) {
		cases.add(param(operation, valid, parameter, "not a number", "abc", refused));
		cases.add(param(operation, valid, parameter, "NaN", "NaN", refused));
		cases.add(param(operation, valid, parameter, "Infinity", "Infinity", refused));
		cases.add(param(operation, valid, parameter, "a huge number", "9".repeat(400), refused));
		cases.add(param(operation, valid, parameter, "an exponent beyond double", "1e400", refused));
		if ("integer".equals(type)) {
			cases.add(param(operation, valid, parameter, "a fraction", "1.5", refused));
			cases.add(param(operation, valid, parameter, "beyond 64 bits", "9223372036854775808", refused));
			cases.add(param(operation, valid, parameter, "hexadecimal", "0x10", refused));
		}
		if (schema.has("minimum")) {
			cases.add(param(operation, valid, parameter, "below the minimum",
					encode(below(schema.get("minimum").decimalValue(), type)), refused));
		}
		if (schema.has("maximum")) {
			cases.add(param(operation, valid, parameter, "above the maximum",
					encode(above(schema.get("maximum").decimalValue(), type)), refused));
		}
		cases.add(param(operation, valid, parameter, "negative", "-1",
				schema.has("minimum") && schema.get("minimum").decimalValue().signum() >= 0 ? refused
						: Expectation.mayBeAccepted()));
	}

	private void cursorCases(ApiOperation operation, Supplier<ValidRequest> valid, ApiParameter parameter,
			Expectation refused, List<HostileCase> cases) {
		String key = operation.key();
		cases.add(param(operation, valid, parameter, "garbage", "garbage", refused));
		cases.add(paramFromState(operation, valid, parameter, "a forged cursor (one character changed)", (state) -> {
			String cursor = state.cursor(key);
			int middle = cursor.length() / 2;
			char changed = (cursor.charAt(middle) == 'A') ? 'B' : 'A';
			return encode(cursor.substring(0, middle) + changed + cursor.substring(middle + 1));
		}, refused));
		cases.add(paramFromState(operation, valid, parameter, "a truncated cursor", (state) -> {
			String cursor = state.cursor(key);
			return encode(cursor.substring(0, cursor.length() - 4));
		}, refused));
		// A service with one paged list has no other list's cursor to offer: its own
		// tests prove that a cursor of another partition of that list is refused.
		if (pagedLists() > 1) {
			cases.add(paramFromState(operation, valid, parameter, "a cursor of another list", (state) -> {
				String foreign = state.foreignCursor(key);
				if (foreign == null) {
					throw new IllegalStateException("No other list's cursor was read: " + key);
				}
				return encode(foreign);
			}, refused));
		}
		cases.add(paramFromState(operation, valid, parameter, "an oversized cursor (a valid one padded)",
				(state) -> encode(state.cursor(key) + "A".repeat(2_000)), refused));
	}

	private long pagedLists() {
		return this.document.operations().stream().filter((operation) -> operation.parameter("cursor") != null).count();
	}

	private HostileCase param(ApiOperation operation, Supplier<ValidRequest> valid, ApiParameter parameter,
			String mutation, String encodedValue, Expectation expectation) {
		return paramFromState(operation, valid, parameter, mutation, (state) -> encodedValue, expectation);
	}

	private HostileCase paramFromState(ApiOperation operation, Supplier<ValidRequest> valid, ApiParameter parameter,
			String mutation, Function<RunState, String> encodedValue, Expectation expectation) {
		return new HostileCase(operation.key(), parameter.name(), mutation, expectation, (state) -> {
			Draft draft = Draft.of(operation, valid.get());
			String value = encodedValue.apply(state);
			Map<String, String> target = parameter.inPath() ? draft.path
					: parameter.inQuery() ? draft.query : draft.headers;
			if (value == null) {
				target.remove(parameter.name());
			}
			else {
				target.put(parameter.name(), value);
			}
			return draft.build();
		});
	}

	// The body as a whole

	private void bodyCases(ApiOperation operation, Supplier<ValidRequest> valid, List<HostileCase> cases) {
		Expectation body = Expectation.refused(400, "body", "#");
		cases.add(body(operation, valid, "malformed JSON", (json) -> {
			int brace = json.indexOf('{');
			return (brace >= 0) ? json.substring(0, brace + 1) + ",," + json.substring(brace + 1) : "{,," + json;
		}, body.withLineAndColumn()));
		cases.add(body(operation, valid, "truncated JSON", (json) -> json.substring(0, json.length() / 2),
				body.withLineAndColumn()));
		cases.add(body(operation, valid, Mutations.ARRAY_FOR_OBJECT, (json) -> "[" + json + "]", body));
		cases.add(body(operation, valid, "a string for the object", (json) -> "\"body\"", body));
		cases.add(body(operation, valid, "a number for the object", (json) -> "42", body));
		cases.add(body(operation, valid, "JSON null", (json) -> "null", body));
		cases.add(body(operation, valid, "an empty body", (json) -> "", body));
		cases.add(body(operation, valid, "trailing tokens", (json) -> json + " {}", body));
		cases.add(body(operation, valid, "a member given twice", (json) -> {
			JsonNode tree = this.json.readTree(json);
			if (!tree.isObject() || tree.isEmpty()) {
				return "{\"a\": 1, \"a\": 2}";
			}
			Map.Entry<String, JsonNode> first = tree.properties().iterator().next();
			return "{" + this.json.writeValueAsString(first.getKey()) + ": "
					+ this.json.writeValueAsString(first.getValue()) + ", " + json.substring(json.indexOf('{') + 1);
		}, body));
		cases.add(body(operation, valid, "nesting " + DEEP_NESTING + " levels deep",
				(json) -> "[".repeat(DEEP_NESTING) + "]".repeat(DEEP_NESTING), body));
		cases.add(new HostileCase(operation.key(), "body", "invalid UTF-8 bytes", body, (state) -> {
			Draft draft = Draft.of(operation, valid.get());
			draft.body = withRawBytes(draft.bodyText(), new byte[] { 'a', (byte) 0xC3, (byte) 0x28, 'b' });
			return draft.build();
		}));
		cases.add(new HostileCase(operation.key(), "body", "a body over the size limit",
				Expectation.refused(413, "body"), (state) -> {
					Draft draft = Draft.of(operation, valid.get());
					String json = draft.bodyText();
					int end = json.lastIndexOf('}');
					draft.body = (json.substring(0, end) + " ".repeat(OVERSIZE_BODY) + json.substring(end))
						.getBytes(StandardCharsets.UTF_8);
					return draft.build();
				}));
		Expectation mediaType = Expectation.refused(415, "Content-Type");
		for (String contentType : new String[] { "text/plain", "application/xml", "application/x-www-form-urlencoded",
				"application/octet-stream" }) {
			cases.add(new HostileCase(operation.key(), "Content-Type", contentType, mediaType, (state) -> {
				Draft draft = Draft.of(operation, valid.get());
				draft.headers.put("Content-Type", contentType);
				return draft.build();
			}));
		}
	}

	private HostileCase body(ApiOperation operation, Supplier<ValidRequest> valid, String mutation,
			Function<String, String> change, Expectation expectation) {
		return new HostileCase(operation.key(), "body", mutation, expectation, (state) -> {
			Draft draft = Draft.of(operation, valid.get());
			draft.body = change.apply(draft.bodyText()).getBytes(StandardCharsets.UTF_8);
			return draft.build();
		});
	}

	// Members of the body

	private void memberCases(ApiOperation operation, Supplier<ValidRequest> valid, JsonNode schema, JsonNode example,
			JsonPointer at, boolean required, List<HostileCase> cases) {
		JsonNode resolved = chooseAlternative(this.document.resolve(schema), example);
		String type = ApiDocument.type(resolved);
		if (example == null || example.isMissingNode()) {
			return;
		}
		if (example.isObject() && ("object".equals(type) || resolved.has("properties"))) {
			objectCases(operation, valid, resolved, example, at, cases);
		}
		else if (example.isArray() && at.matches()) {
			// A body that is an array at its root (a batch): its first element stands for
			// all.
			if (!example.isEmpty()) {
				memberCases(operation, valid, resolved.path("items"), example.get(0), at.appendIndex(0), true, cases);
			}
		}
	}

	private JsonNode chooseAlternative(JsonNode schema, JsonNode example) {
		for (String composition : new String[] { "oneOf", "anyOf" }) {
			if (schema.has(composition)) {
				for (JsonNode alternative : schema.get(composition)) {
					JsonNode resolved = this.document.resolve(alternative);
					String type = ApiDocument.type(resolved);
					if ((example.isArray() && "array".equals(type)) || (example.isObject() && "object".equals(type))) {
						return resolved;
					}
				}
			}
		}
		return schema;
	}

	private void objectCases(ApiOperation operation, Supplier<ValidRequest> valid, JsonNode schema, JsonNode example,
			JsonPointer at, List<HostileCase> cases) {
		Set<String> requiredMembers = new HashSet<>();
		schema.path("required").forEach((name) -> requiredMembers.add(name.asString()));
		Map<String, JsonNode> properties = new LinkedHashMap<>();
		schema.path("properties").properties().forEach((entry) -> properties.put(entry.getKey(), entry.getValue()));

		JsonPointer unknown = at.appendProperty(UNKNOWN_FIELD);
		cases.add(member(operation, valid, unknown, "an unknown field", (node) -> node(1),
				Expectation.refused(400, fragment(unknown))));
		if (!properties.isEmpty()) {
			String real = properties.keySet().iterator().next();
			String misspelled = real.toLowerCase(Locale.ROOT).equals(real) ? real.toUpperCase(Locale.ROOT)
					: real.toLowerCase(Locale.ROOT);
			JsonPointer near = at.appendProperty(misspelled);
			cases.add(member(operation, valid, near, "a misspelled field (" + misspelled + ")",
					(node) -> example.get(real) != null ? example.get(real).deepCopy() : node("x"),
					Expectation.refused(400, fragment(near))));
		}
		for (Map.Entry<String, JsonNode> property : properties.entrySet()) {
			JsonPointer member = at.appendProperty(property.getKey());
			JsonNode memberSchema = this.document.resolve(property.getValue());
			boolean required = requiredMembers.contains(property.getKey());
			valueCases(operation, valid, memberSchema, example.get(property.getKey()), member, required, cases);
		}
	}

	private void valueCases(ApiOperation operation, Supplier<ValidRequest> valid, JsonNode schema, JsonNode example,
			JsonPointer at, boolean required, List<HostileCase> cases) {
		JsonNode resolved = (example != null) ? chooseAlternative(schema, example) : schema;
		String type = ApiDocument.type(resolved);
		String pointer = fragment(at);
		Expectation refused = Expectation.refused(400, pointer);
		Expectation optional = Expectation.mayBeAccepted();

		// An array's element is neither missing nor null by itself: the array's own cases
		// ("empty", "a null element") cover that.
		boolean element = at.last().getMatchingIndex() >= 0 && example != null
				&& this.json.readTree(valid.get().body).at(at.head()).isArray();
		if (example != null && !element) {
			cases.add(member(operation, valid, at, Mutations.MISSING, null, required ? refused : optional));
		}
		if (!element) {
			cases
				.add(member(operation, valid, at, Mutations.NULL, (node) -> node(null), required ? refused : optional));
		}
		switch (type) {
			case "string" -> stringCases(operation, valid, resolved, at, required, cases);
			case "integer", "number" -> numberCases(operation, valid, resolved, at, type, cases);
			case "boolean" -> {
				cases.add(member(operation, valid, at, "a string for a boolean", (node) -> node("true"), refused));
				cases.add(member(operation, valid, at, "a number for a boolean", (node) -> node(1), refused));
			}
			case "array" -> arrayCases(operation, valid, resolved, example, at, cases);
			case "object" -> {
				cases.add(member(operation, valid, at, "an array for an object", (node) -> this.json.createArrayNode(),
						refused));
				cases.add(member(operation, valid, at, "a string for an object", (node) -> node("x"), refused));
				cases.add(member(operation, valid, at, "a number for an object", (node) -> node(1), refused));
				if (example != null && example.isObject()) {
					objectCases(operation, valid, resolved, example, at, cases);
				}
			}
			default -> {
			}
		}
	}

	private void stringCases(ApiOperation operation, Supplier<ValidRequest> valid, JsonNode schema, JsonPointer at,
			boolean required, List<HostileCase> cases) {
		String pointer = fragment(at);
		String format = schema.path("format").asString("");
		Expectation refused = Expectation.refused(400, pointer);
		Expectation blank = (required || !fits(schema, "   ")) ? refused : Expectation.mayBeAccepted();

		cases.add(member(operation, valid, at, "a number for a string", (node) -> node(42), refused));
		cases.add(member(operation, valid, at, "a boolean for a string", (node) -> node(true), refused));
		cases.add(member(operation, valid, at, "an object for a string", (node) -> this.json.createObjectNode(),
				refused));
		cases.add(member(operation, valid, at, "an array for a string", (node) -> this.json.createArrayNode().add("x"),
				refused));
		cases.add(member(operation, valid, at, "empty", (node) -> node(""), blank));
		cases.add(member(operation, valid, at, "whitespace", (node) -> node("   "), blank));
		if (schema.has("maxLength")) {
			int max = schema.get("maxLength").asInt();
			cases.add(member(operation, valid, at, "over the limit (" + (max + 1) + " characters)",
					(node) -> node("a".repeat(max + 1)), refused));
		}
		cases.add(member(operation, valid, at, "1 MB", (node) -> node("a".repeat(ONE_MB)),
				Expectation.refused(413, "body")));
		cases.add(member(operation, valid, at, "an unpaired high surrogate", (node) -> raw("\"a\\uD800b\""), refused));
		cases.add(member(operation, valid, at, "NUL", (node) -> raw("\"a\\u0000b\""), refused));
		cases.add(member(operation, valid, at, "a terminal escape", (node) -> raw("\"\\u001B[31mred\""), refused));
		cases.add(member(operation, valid, at, "a right-to-left override", (node) -> raw("\"abc\\u202Egpj.exe\""),
				refused));
		cases.add(member(operation, valid, at, "a line break", (node) -> node("line one\nline two"),
				oddText(schema, "line one\nline two", refused)));
		cases.add(member(operation, valid, at, "a zero-width space", (node) -> node("a\u200Bb"),
				oddText(schema, "a\u200Bb", refused)));
		String exotic = "Caf\u00e9 \uD83D\uDE00 \u2067\u05E9\u05DC\u05D5\u05DD\u2069";
		cases.add(member(operation, valid, at, "emoji and right-to-left text", (node) -> node(exotic),
				oddText(schema, exotic, refused)));
		String injection = "x'); DROP TABLE users; --";
		cases.add(member(operation, valid, at, "a CQL injection", (node) -> node(injection),
				oddText(schema, injection, refused)));
		cases.add(member(operation, valid, at, "a path traversal", (node) -> node("../../../etc/passwd"),
				oddText(schema, "../../../etc/passwd", refused)));
		switch (format) {
			case "uuid" -> {
				cases.add(member(operation, valid, at, "not a UUID", (node) -> node("not-a-uuid"), refused));
				cases.add(member(operation, valid, at, "a UUID in braces",
						(node) -> node("{123e4567-e89b-12d3-a456-426614174000}"), refused));
			}
			case "date-time" -> {
				cases.add(member(operation, valid, at, "not a date", (node) -> node("yesterday"), refused));
				cases.add(member(operation, valid, at, "an impossible date", (node) -> node("2026-02-30T10:00:00Z"),
						refused));
				cases.add(member(operation, valid, at, "epoch seconds", (node) -> node(1_700_000_000), refused));
				cases.add(member(operation, valid, at, "beyond Instant's range",
						(node) -> node("+1000000000-01-01T00:00:00Z"), refused));
				cases.add(member(operation, valid, at, "the end of year 9999",
						(node) -> node("9999-12-31T23:59:59.999Z"), refused));
				cases.add(member(operation, valid, at, "before the epoch", (node) -> node("-0001-01-01T00:00:00Z"),
						refused));
			}
			case "email" ->
				cases.add(member(operation, valid, at, "not an email", (node) -> node("not-an-email"), refused));
			default -> {
			}
		}
		if (schema.has("enum")) {
			String first = schema.get("enum").get(0).asString();
			cases.add(member(operation, valid, at, "an unknown constant", (node) -> node("NOT_A_CONSTANT"), refused));
			if (!first.toLowerCase(Locale.ROOT).equals(first)) {
				cases.add(member(operation, valid, at, "a lower-case constant",
						(node) -> node(first.toLowerCase(Locale.ROOT)), refused));
			}
			cases.add(member(operation, valid, at, "a constant's index", (node) -> node(1), refused));
		}
	}

	private void numberCases(ApiOperation operation, Supplier<ValidRequest> valid, JsonNode schema, JsonPointer at,
			String type, List<HostileCase> cases) {
		String pointer = fragment(at);
		Expectation refused = Expectation.refused(400, pointer);
		// A literal the parser refuses before binding is reported against the body, or
		// against the member or object the parser was reading.
		Expectation unparsable = Expectation.refused(400, "body", pointer, fragment(at.head()));
		cases.add(member(operation, valid, at, Mutations.NUMERIC_STRING, (node) -> node("1"), refused));
		cases.add(member(operation, valid, at, "a word for a number", (node) -> node("many"), refused));
		cases.add(member(operation, valid, at, "a boolean for a number", (node) -> node(true), refused));
		cases.add(member(operation, valid, at, "an array for a number", (node) -> this.json.createArrayNode().add(1),
				refused));
		cases.add(member(operation, valid, at, "an object for a number", (node) -> this.json.createObjectNode(),
				refused));
		cases.add(member(operation, valid, at, "the string NaN", (node) -> node("NaN"), refused));
		cases.add(member(operation, valid, at, "a NaN literal", (node) -> raw("NaN"), unparsable));
		cases.add(member(operation, valid, at, "an Infinity literal", (node) -> raw("Infinity"), unparsable));
		cases.add(member(operation, valid, at, "a 150-digit number", (node) -> raw("9".repeat(150)), unparsable));
		cases.add(member(operation, valid, at, "an exponent beyond double", (node) -> raw("1e400"), refused));
		cases.add(member(operation, valid, at, "a negative exponent beyond double", (node) -> raw("-1e400"), refused));
		if ("integer".equals(type)) {
			cases.add(member(operation, valid, at, "a fraction for an integer", (node) -> raw("1.5"), refused));
			cases.add(member(operation, valid, at, "an exponent for an integer", (node) -> raw("1e2"), refused));
			cases.add(member(operation, valid, at, "beyond 64 bits", (node) -> raw("9223372036854775808"), refused));
			cases.add(member(operation, valid, at, "beyond 32 bits", (node) -> raw("2147483648"),
					"int64".equals(schema.path("format").asString("")) ? Expectation.mayBeAccepted() : refused));
		}
		if (schema.has("minimum")) {
			String below = below(schema.get("minimum").decimalValue(), type);
			cases.add(member(operation, valid, at, "below the minimum (" + below + ")", (node) -> raw(below), refused));
		}
		if (schema.has("maximum")) {
			String above = above(schema.get("maximum").decimalValue(), type);
			cases.add(member(operation, valid, at, "above the maximum (" + above + ")", (node) -> raw(above), refused));
		}
	}

	private void arrayCases(ApiOperation operation, Supplier<ValidRequest> valid, JsonNode schema, JsonNode example,
			JsonPointer at, List<HostileCase> cases) {
		String pointer = fragment(at);
		Expectation refused = Expectation.refused(400, pointer);
		cases.add(member(operation, valid, at, "an object for an array", (node) -> this.json.createObjectNode(),
				refused));
		cases.add(member(operation, valid, at, "a string for an array", (node) -> node("x"), refused));
		cases.add(member(operation, valid, at, "empty", (node) -> this.json.createArrayNode(),
				schema.path("minItems").asInt(0) > 0 ? refused : Expectation.mayBeAccepted()));
		JsonPointer first = at.appendIndex(0);
		cases.add(member(operation, valid, first, "a null element", (node) -> node(null),
				Expectation.refused(400, fragment(first), pointer)));
		if (example != null && example.isArray() && !example.isEmpty()) {
			if (schema.has("maxItems")) {
				int max = schema.get("maxItems").asInt();
				cases.add(member(operation, valid, at, "over the limit (" + (max + 1) + " elements)", (node) -> {
					ArrayNode many = this.json.createArrayNode();
					for (int i = 0; i <= max; i++) {
						many.add(example.get(0).deepCopy());
					}
					return many;
				}, refused));
			}
			valueCases(operation, valid, this.document.resolve(schema.path("items")), example.get(0), first, true,
					cases);
		}
	}

	/**
	 * A case that replaces (or, with a {@code null} value, removes) the member at a
	 * pointer of the valid body.
	 */
	private HostileCase member(ApiOperation operation, Supplier<ValidRequest> valid, JsonPointer at, String mutation,
			Function<JsonNode, JsonNode> value, Expectation expectation) {
		return new HostileCase(operation.key(), fragment(at), mutation, expectation, (state) -> {
			Draft draft = Draft.of(operation, valid.get());
			JsonNode body = this.json.readTree(draft.bodyText());
			JsonNode parent = body.at(at.head());
			String last = at.last().getMatchingProperty();
			int index = at.last().getMatchingIndex();
			JsonNode replacement = (value != null) ? value.apply(parent.get(last)) : null;
			if (parent instanceof ObjectNode object) {
				if (replacement == null) {
					object.remove(last);
				}
				else {
					object.set(last, replacement);
				}
			}
			else if (parent instanceof ArrayNode array && index >= 0) {
				if (replacement == null) {
					array.remove(index);
				}
				else {
					array.set(index, replacement);
				}
			}
			else {
				throw new IllegalStateException("No member at " + at + " in the valid body of " + operation.key());
			}
			draft.body = this.json.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
			return draft.build();
		});
	}

	// The operation as a whole

	private void operationCases(ApiOperation operation, Supplier<ValidRequest> valid, List<HostileCase> cases) {
		cases.add(new HostileCase(operation.key(), "method", "PATCH, which the path does not serve",
				Expectation.refused(405), (state) -> {
					Draft draft = Draft.of(operation, valid.get());
					draft.method = "PATCH";
					return draft.build();
				}));
		boolean changesState = !"GET".equals(operation.method());
		if (changesState || operation.respondsWithContent()) {
			cases.add(new HostileCase(operation.key(), "Accept", "application/xml only",
					Expectation.refused(406, "Accept"), (state) -> {
						Draft draft = Draft.of(operation, valid.get());
						draft.headers.put("Accept", "application/xml");
						return draft.build();
					}));
		}
	}

	// Helpers

	/**
	 * Whether a value is within what a string schema documents: its enum, format, pattern
	 * and length. Outside, a value must be refused; inside, an odd but valid value (a
	 * quote, a traversal, right-to-left text) may well be accepted.
	 */
	static boolean fits(JsonNode schema, String value) {
		if (schema.has("enum")) {
			for (JsonNode constant : schema.get("enum")) {
				if (constant.asString().equals(value)) {
					return true;
				}
			}
			return false;
		}
		if (!schema.path("format").asString("").isEmpty() || !"string".equals(ApiDocument.type(schema))) {
			// Dates, UUIDs, emails, numbers: none of the odd values is one.
			return false;
		}
		if (schema.has("pattern") && !Pattern.compile(schema.get("pattern").asString()).matcher(value).matches()) {
			return false;
		}
		int length = value.codePointCount(0, value.length());
		return length <= schema.path("maxLength").asInt(Integer.MAX_VALUE)
				&& length >= schema.path("minLength").asInt(0);
	}

	private static Expectation oddText(JsonNode schema, String value, Expectation refused) {
		return fits(schema, value) ? Expectation.mayBeAccepted() : refused;
	}

	private JsonNode node(Object value) {
		return (value != null) ? this.json.valueToTree(value) : this.json.getNodeFactory().nullNode();
	}

	private JsonNode raw(String json) {
		return this.json.getNodeFactory().rawValueNode(new RawValue(json));
	}

	private static byte[] withRawBytes(String json, byte[] bytes) {
		String marked;
		int quote = json.indexOf(":\"");
		if (quote >= 0) {
			marked = json.substring(0, quote + 2) + VALUE_MARKER + json.substring(quote + 2);
		}
		else {
			marked = "\"" + VALUE_MARKER + "\"";
		}
		int at = marked.indexOf(VALUE_MARKER);
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		out.writeBytes(marked.substring(0, at).getBytes(StandardCharsets.UTF_8));
		out.writeBytes(bytes);
		out.writeBytes(marked.substring(at + VALUE_MARKER.length()).getBytes(StandardCharsets.UTF_8));
		return out.toByteArray();
	}

	private static String below(BigDecimal minimum, String type) {
		return "integer".equals(type) ? minimum.subtract(BigDecimal.ONE).toBigInteger().toString()
				: minimum.subtract(new BigDecimal("0.01")).toPlainString();
	}

	private static String above(BigDecimal maximum, String type) {
		return "integer".equals(type) ? maximum.add(BigDecimal.ONE).toBigInteger().toString()
				: maximum.add(new BigDecimal("0.01")).toPlainString();
	}

	static String encode(String value) {
		return UriUtils.encode(value, StandardCharsets.UTF_8);
	}

	/**
	 * A JSON pointer in the URI fragment form the problems use, e.g.
	 * {@code #/items/0/name}.
	 */
	static String fragment(JsonPointer pointer) {
		return "#" + UriUtils.encodeFragment(pointer.toString(), StandardCharsets.UTF_8);
	}

	/**
	 * A request under construction: the valid one, encoded, ready to be changed in one
	 * place.
	 */
	static final class Draft {

		String method;

		String template;

		final Map<String, String> path = new LinkedHashMap<>();

		final Map<String, String> query = new LinkedHashMap<>();

		final Map<String, String> headers = new LinkedHashMap<>();

		byte[] body;

		static Draft of(ApiOperation operation, ValidRequest valid) {
			Draft draft = new Draft();
			draft.method = operation.method();
			draft.template = operation.path();
			valid.path.forEach((name, value) -> draft.path.put(name, encode(value)));
			valid.query.forEach((name, value) -> draft.query.put(name, encode(value)));
			draft.headers.putAll(valid.headers);
			if (valid.body != null) {
				draft.body = valid.body.getBytes(StandardCharsets.UTF_8);
				draft.headers.putIfAbsent("Content-Type", "application/json");
			}
			return draft;
		}

		String bodyText() {
			if (this.body == null) {
				throw new IllegalStateException(
						"The valid request of " + this.method + " " + this.template + " needs a body");
			}
			return new String(this.body, StandardCharsets.UTF_8);
		}

		RawRequest build() {
			String uri = this.template;
			for (Map.Entry<String, String> variable : this.path.entrySet()) {
				uri = uri.replace("{" + variable.getKey() + "}", variable.getValue());
			}
			if (uri.contains("{")) {
				throw new IllegalStateException("The valid request of " + this.method + " " + this.template
						+ " leaves a path variable unset: " + uri);
			}
			StringBuilder full = new StringBuilder(uri);
			char separator = '?';
			for (Map.Entry<String, String> parameter : this.query.entrySet()) {
				full.append(separator).append(encode(parameter.getKey())).append('=').append(parameter.getValue());
				separator = '&';
			}
			return new RawRequest(this.method, full.toString(), Map.copyOf(this.headers), this.body);
		}

	}

}
