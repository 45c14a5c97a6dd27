package dev.querydriven.iotsensors.rollup;

import java.time.Instant;
import java.util.UUID;

import dev.querydriven.iotsensors.TimeRange;
import io.swagger.v3.oas.annotations.Operation;
import reactor.core.publisher.Mono;

import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The read API of hourly rollups.
 */
@RestController
class RollupController {

	private final RollupService rollups;

	private final RollupMapper mapper;

	private final RollupProperties properties;

	RollupController(RollupService rollups, RollupMapper mapper, RollupProperties properties) {
		this.rollups = rollups;
		this.mapper = mapper;
		this.properties = properties;
	}

	@GetMapping("/sensors/{sensorId}/rollups/hourly")
	@Operation(summary = "A sensor's hourly rollups for the hours starting in [from, to), oldest first; the range "
			+ "is at most querydriven.iot-sensors.rollup.max-range (31 days by default)")
	Mono<HourlyRollupsResponse> findRange(@PathVariable UUID sensorId,
			@RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME) Instant from,
			@RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME) Instant to) {
		TimeRange range = TimeRange.of(from, to, this.properties.maxRange());
		return this.rollups.findRange(sensorId, range)
			.map((rows) -> new HourlyRollupsResponse(sensorId, range.from(), range.to(),
					this.mapper.toResponses(rows)));
	}

}
