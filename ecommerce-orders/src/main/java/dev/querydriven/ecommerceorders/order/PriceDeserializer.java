package dev.querydriven.ecommerceorders.order;

import java.math.BigDecimal;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.exc.InvalidFormatException;

/**
 * Reads a price from a JSON number or from a JSON string holding one ({@code 19.90} or
 * {@code "19.90"}), exactly as written: the service's one deliberate exception to the
 * rule that a string is never read as a number (see the README). Many clients hold money
 * as a decimal string precisely so that it never passes through a binary float on its
 * way, and a JSON number may be rounded by the client's own parser before it is sent.
 * Anything else, an empty or padded string included, is refused.
 */
final class PriceDeserializer extends StdScalarDeserializer<BigDecimal> {

	PriceDeserializer() {
		super(BigDecimal.class);
	}

	@Override
	public BigDecimal deserialize(JsonParser p, DeserializationContext ctxt) throws JacksonException {
		if (p.hasToken(JsonToken.VALUE_NUMBER_INT) || p.hasToken(JsonToken.VALUE_NUMBER_FLOAT)) {
			return p.getDecimalValue();
		}
		if (p.hasToken(JsonToken.VALUE_STRING)) {
			String text = p.getString();
			if (text.length() <= 40) {
				try {
					return new BigDecimal(text);
				}
				catch (NumberFormatException ex) {
					// refused below
				}
			}
			throw InvalidFormatException.from(p, "not a decimal number", text, BigDecimal.class);
		}
		return (BigDecimal) ctxt.handleUnexpectedToken(BigDecimal.class, p);
	}

}
