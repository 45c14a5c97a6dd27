package dev.querydriven.iotsensors.ingestion;

import java.time.Instant;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One reading as the API document describes it, for clients and for the hostile-input
 * suite generated from the document. The body is read by hand ({@link ReadingsJson})
 * because it comes in two shapes, one reading or an array of them; this record only
 * states the shape and bounds that {@link ReadingsJson} and {@link ReadingValidator}
 * enforce.
 *
 * @param time when the values were measured: at most 24 hours late and 2 minutes early
 * @param temperature degrees Celsius
 * @param humidity relative humidity, percent
 * @param batteryLevel battery charge, percent
 */
@Schema(name = "Reading", additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record ReadingDocument(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "date-time") Instant time,
		@Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "-80", maximum = "125") double temperature,
		@Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "0", maximum = "100") double humidity,
		@Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "0", maximum = "100") int batteryLevel) {

}
