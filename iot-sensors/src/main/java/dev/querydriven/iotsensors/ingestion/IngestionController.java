package dev.querydriven.iotsensors.ingestion;

import java.util.UUID;

import dev.querydriven.servicesupport.web.Idempotent;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The ingestion API.
 */
@RestController
class IngestionController {

	private final IngestionService ingestion;

	private final ReadingValidator validator;

	private final int maxBatchSize;

	IngestionController(IngestionService ingestion, ReadingValidator validator, IngestionProperties properties) {
		this.ingestion = ingestion;
		this.validator = validator;
		this.maxBatchSize = properties.maxBatchSize();
	}

	// A reading is keyed by its sensor and time: a repeat upserts the same rows.
	@Idempotent
	@PostMapping("/sensors/{sensorId}/readings")
	@ResponseStatus(HttpStatus.ACCEPTED)
	@Operation(summary = "Ingest one reading {time, temperature, humidity, batteryLevel} or an array of up to "
			+ "querydriven.iot-sensors.ingestion.max-batch-size (1,000); 202 once every reading is written and readable")
	Mono<IngestionResponse> ingest(@PathVariable UUID sensorId,
			@RequestBody @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
					description = "One reading {\"time\": \"2026-11-29T21:30:00Z\", \"temperature\": 4.2, \"humidity\": 61.5, "
							+ "\"batteryLevel\": 87} (temperature -80..125 °C, humidity and battery 0..100 %), or an array "
							+ "of up to 1,000 readings",
					content = @Content(mediaType = "application/json", schema = @Schema(
							oneOf = { ReadingDocument.class, ReadingDocument[].class }))) JsonNode body) {
		ValidatedReadings readings = this.validator.validate(ReadingsJson.parse(body, this.maxBatchSize));
		return this.ingestion.ingest(sensorId, readings)
			.map((result) -> new IngestionResponse(result.accepted(), result.partitions()));
	}

}
