package dev.querydriven.iotsensors.reading;

import java.time.Instant;
import java.util.UUID;

import dev.querydriven.iotsensors.TimeRange;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.servicesupport.web.PageLimit;
import io.swagger.v3.oas.annotations.Operation;
import reactor.core.publisher.Mono;

import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The read API of raw readings.
 */
@RestController
class ReadingController {

	private final ReadingService readings;

	private final ReadingMapper mapper;

	private final ReadingProperties properties;

	ReadingController(ReadingService readings, ReadingMapper mapper, ReadingProperties properties) {
		this.readings = readings;
		this.mapper = mapper;
		this.properties = properties;
	}

	@GetMapping("/sensors/{sensorId}/readings")
	@Operation(summary = "A sensor's readings in [from, to), newest (desc, default) or oldest (asc) first, paged; "
			+ "the range is at most querydriven.iot-sensors.reading.max-range (24 hours by default)")
	Mono<Page<ReadingResponse>> findRange(@PathVariable UUID sensorId,
			@RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME) Instant from,
			@RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME) Instant to,
			@RequestParam(defaultValue = "desc") ReadingOrder order,
			@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit,
			@RequestParam(required = false) String cursor) {
		TimeRange range = TimeRange.of(from, to, this.properties.maxRange());
		return this.readings.findRange(sensorId, range, order.readOrder(), limit.value(), cursor)
			.map((page) -> page.map(this.mapper::toResponse));
	}

	@GetMapping("/sensors/{sensorId}/readings/latest")
	@Operation(summary = "A sensor's latest reading")
	Mono<LatestReadingResponse> findLatest(@PathVariable UUID sensorId) {
		return this.readings.findLatest(sensorId).map(this.mapper::toResponse);
	}

}
