package dev.querydriven.iotsensors.ingestion;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import dev.querydriven.servicesupport.web.InvalidRequestException;
import tools.jackson.databind.JsonNode;

/**
 * Reads the body of {@code POST /sensors/{id}/readings}: one reading object or an array
 * of them. Read by hand rather than bound to a record, because the body has two shapes;
 * the rules are those every service's JSON binding applies: each field is checked for
 * presence and JSON type (no string for a number, no fraction for a whole number), an
 * unknown field is refused, and the first problem is reported with the field named as the
 * client wrote it and by its JSON pointer. Whether the values are acceptable is
 * {@link ReadingValidator}'s job.
 */
final class ReadingsJson {

	private static final Set<String> FIELDS = Set.of("time", "temperature", "humidity", "batteryLevel");

	private ReadingsJson() {
	}

	/**
	 * Parses a request body.
	 * @param body the JSON body
	 * @param maxBatchSize the most readings one request may carry
	 * @return the readings
	 * @throws InvalidRequestException naming the first offending field
	 */
	static ReadingBatch parse(JsonNode body, int maxBatchSize) {
		if (body.isObject()) {
			ReadingBatch single = new ReadingBatch(List.of(), true);
			return new ReadingBatch(List.of(reading(body, single, 0)), true);
		}
		if (!body.isArray()) {
			throw new InvalidRequestException("body", "#", "must be a reading object or an array of readings");
		}
		if (body.isEmpty()) {
			throw new InvalidRequestException("readings", "#", "must hold at least one reading");
		}
		if (body.size() > maxBatchSize) {
			throw new InvalidRequestException("readings", "#",
					"holds " + body.size() + " readings, more than the " + maxBatchSize + " one request may carry");
		}
		ReadingBatch batch = ReadingBatch.of(List.of());
		List<NewReading> readings = new ArrayList<>(body.size());
		for (int i = 0; i < body.size(); i++) {
			JsonNode element = body.get(i);
			if (!element.isObject()) {
				throw batch.invalid(i, null, "must be a reading object");
			}
			readings.add(reading(element, batch, i));
		}
		return ReadingBatch.of(readings);
	}

	private static NewReading reading(JsonNode node, ReadingBatch batch, int index) {
		for (String name : node.propertyNames()) {
			if (!FIELDS.contains(name)) {
				throw batch.invalid(index, name,
						"is not a field of a reading (known: batteryLevel, humidity, temperature, time)");
			}
		}
		return new NewReading(time(node, batch, index), number(node, "temperature", batch, index),
				number(node, "humidity", batch, index), wholeNumber(node, "batteryLevel", batch, index));
	}

	private static Instant time(JsonNode node, ReadingBatch batch, int index) {
		JsonNode value = required(node, "time", batch, index);
		if (!value.isString()) {
			throw batch.invalid(index, "time", "must be an ISO-8601 instant such as 2026-05-03T14:00:00Z");
		}
		try {
			return Instant.parse(value.stringValue());
		}
		catch (DateTimeParseException ex) {
			throw batch.invalid(index, "time", "is not an ISO-8601 instant such as 2026-05-03T14:00:00Z");
		}
	}

	private static double number(JsonNode node, String field, ReadingBatch batch, int index) {
		JsonNode value = required(node, field, batch, index);
		if (!value.isNumber()) {
			throw batch.invalid(index, field, "must be a number");
		}
		// A Java double: a literal beyond its range becomes infinite, which the
		// validator rejects.
		return value.numberValue().doubleValue();
	}

	private static int wholeNumber(JsonNode node, String field, ReadingBatch batch, int index) {
		JsonNode value = required(node, field, batch, index);
		if (!value.isNumber()) {
			throw batch.invalid(index, field, "must be a number");
		}
		// A whole number is written as one (87, not 87.0 or 8.7e1), as the bound
		// requests of every other endpoint require.
		if (!value.isIntegralNumber() || !value.canConvertToInt()) {
			throw batch.invalid(index, field, "must be a whole number");
		}
		return value.intValue();
	}

	private static JsonNode required(JsonNode node, String field, ReadingBatch batch, int index) {
		JsonNode value = node.get(field);
		if (value == null || value.isNull()) {
			throw batch.invalid(index, field, "is required");
		}
		return value;
	}

}
