package dev.querydriven.iotsensors.ingestion;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

import dev.querydriven.servicesupport.web.InvalidRequestException;
import tools.jackson.databind.JsonNode;

/**
 * Reads the body of {@code POST /sensors/{id}/readings}: one reading object or an array
 * of them. Read by hand rather than bound to a record, because the body has two shapes
 * and because binding would quietly turn {@code "NaN"} into a number and a fraction into
 * an integer; here each field is checked for presence and JSON type, and the first
 * problem is reported with the field named as the client wrote it. Whether the values are
 * acceptable is {@link ReadingValidator}'s job.
 */
final class ReadingsJson {

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
			return new ReadingBatch(List.of(reading(body, "")), true);
		}
		if (!body.isArray()) {
			throw new InvalidRequestException("body", "must be a reading object or an array of readings");
		}
		if (body.isEmpty()) {
			throw new InvalidRequestException("readings", "must hold at least one reading");
		}
		if (body.size() > maxBatchSize) {
			throw new InvalidRequestException("readings",
					"holds " + body.size() + " readings, more than the " + maxBatchSize + " one request may carry");
		}
		List<NewReading> readings = new ArrayList<>(body.size());
		for (int i = 0; i < body.size(); i++) {
			JsonNode element = body.get(i);
			String prefix = ReadingBatch.pathInArray(i, null);
			if (!element.isObject()) {
				throw new InvalidRequestException(prefix, "must be a reading object");
			}
			readings.add(reading(element, prefix + "."));
		}
		return ReadingBatch.of(readings);
	}

	private static NewReading reading(JsonNode node, String prefix) {
		return new NewReading(time(node, prefix + "time"), number(node, "temperature", prefix),
				number(node, "humidity", prefix), wholeNumber(node, "batteryLevel", prefix));
	}

	private static Instant time(JsonNode node, String path) {
		JsonNode value = required(node, "time", path);
		if (!value.isString()) {
			throw new InvalidRequestException(path, "must be an ISO-8601 instant such as 2026-05-03T14:00:00Z");
		}
		try {
			return Instant.parse(value.stringValue());
		}
		catch (DateTimeParseException ex) {
			throw new InvalidRequestException(path,
					"'" + value.stringValue() + "' is not an ISO-8601 instant such as 2026-05-03T14:00:00Z");
		}
	}

	private static double number(JsonNode node, String field, String prefix) {
		JsonNode value = required(node, field, prefix + field);
		if (!value.isNumber()) {
			throw new InvalidRequestException(prefix + field, "must be a number");
		}
		// A Java double: a literal beyond its range becomes infinite, which the
		// validator rejects.
		return value.numberValue().doubleValue();
	}

	private static int wholeNumber(JsonNode node, String field, String prefix) {
		double value = number(node, field, prefix);
		if (value != Math.rint(value) || Math.abs(value) > Integer.MAX_VALUE) {
			throw new InvalidRequestException(prefix + field, "must be a whole number");
		}
		return (int) value;
	}

	private static JsonNode required(JsonNode node, String field, String path) {
		JsonNode value = node.get(field);
		if (value == null || value.isNull()) {
			throw new InvalidRequestException(path, "is required");
		}
		return value;
	}

}
