package dev.querydriven.servicesupport.json;

import java.util.UUID;
import java.util.regex.Pattern;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.exc.InvalidFormatException;

/**
 * Reads a UUID from its canonical text only ({@code 8-4-4-4-12} hexadecimal digits), as
 * the API documents it and as path and query parameters are read. Jackson's own reader
 * also takes 24 characters of Base64 for one, which no client of these APIs means.
 */
final class CanonicalUuidDeserializer extends StdScalarDeserializer<UUID> {

	private static final Pattern CANONICAL = Pattern
		.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

	CanonicalUuidDeserializer() {
		super(UUID.class);
	}

	@Override
	public UUID deserialize(JsonParser p, DeserializationContext ctxt) throws JacksonException {
		if (!p.hasToken(JsonToken.VALUE_STRING)) {
			return (UUID) ctxt.handleUnexpectedToken(UUID.class, p);
		}
		String text = p.getString();
		if (!CANONICAL.matcher(text).matches()) {
			throw InvalidFormatException.from(p, "not a UUID", text, UUID.class);
		}
		return UUID.fromString(text);
	}

}
