package dev.querydriven.servicesupport.json;

import dev.querydriven.servicesupport.text.IdentifierText;
import dev.querydriven.servicesupport.text.InvalidTextException;
import dev.querydriven.servicesupport.text.MultilineText;
import dev.querydriven.servicesupport.text.TextKind;
import dev.querydriven.servicesupport.text.TextRules;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.type.LogicalType;

/**
 * Reads every JSON string of a request and applies the {@link TextRules}: one line by
 * default, several lines for a field marked {@link MultilineText}, an identifier for a
 * field marked {@link IdentifierText}. Only a JSON string is a string: a number, a
 * boolean, an object or an array is refused (the mapper's coercion settings say so for
 * scalars, and no single-element array is unwrapped).
 */
final class ValidTextDeserializer extends StdScalarDeserializer<String> {

	private final TextKind kind;

	ValidTextDeserializer(TextKind kind) {
		super(String.class);
		this.kind = kind;
	}

	@Override
	public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
		if (property == null) {
			return this;
		}
		if (property.getAnnotation(MultilineText.class) != null) {
			return new ValidTextDeserializer(TextKind.MULTILINE);
		}
		if (property.getAnnotation(IdentifierText.class) != null) {
			return new ValidTextDeserializer(TextKind.IDENTIFIER);
		}
		return new ValidTextDeserializer(TextKind.LINE);
	}

	@Override
	public LogicalType logicalType() {
		return LogicalType.Textual;
	}

	@Override
	public boolean isCachable() {
		return true;
	}

	@Override
	public Object getEmptyValue(DeserializationContext ctxt) {
		return "";
	}

	@Override
	public Object getNullValue(DeserializationContext ctxt) {
		return null;
	}

	@Override
	public String deserialize(JsonParser p, DeserializationContext ctxt) throws JacksonException {
		String text = p.hasToken(JsonToken.VALUE_STRING) ? p.getString() : _parseString(p, ctxt, this);
		if (text != null) {
			String violation = TextRules.violation(text, this.kind);
			if (violation != null) {
				InvalidFormatException invalid = InvalidFormatException.from(p, violation, text, String.class);
				invalid.initCause(new InvalidTextException(violation));
				throw invalid;
			}
		}
		return text;
	}

}
