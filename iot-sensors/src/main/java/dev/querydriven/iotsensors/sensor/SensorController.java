package dev.querydriven.iotsensors.sensor;

import java.net.URI;
import java.util.UUID;

import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.servicesupport.web.PageLimit;
import dev.querydriven.servicesupport.web.Idempotent;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;
import reactor.core.publisher.Mono;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The registry's HTTP API.
 */
@RestController
class SensorController {

	private final SensorService sensors;

	private final SensorMapper mapper;

	SensorController(SensorService sensors, SensorMapper mapper) {
		this.sensors = sensors;
		this.mapper = mapper;
	}

	// The client names the sensor: a repeat finds the registration and rewrites it.
	@Idempotent
	@PostMapping("/sensors")
	@Operation(summary = "Register a sensor (201), or confirm an identical registration (200)")
	Mono<ResponseEntity<SensorResponse>> register(@Valid @RequestBody RegisterSensorRequest request) {
		return this.sensors.register(this.mapper.toNewSensor(request)).map((registration) -> {
			SensorResponse body = this.mapper.toResponse(registration.sensor());
			return registration.created() ? ResponseEntity.created(URI.create("/sensors/" + body.sensorId())).body(body)
					: ResponseEntity.ok(body);
		});
	}

	@GetMapping("/sensors/{sensorId}")
	@Operation(summary = "A sensor's registration")
	Mono<SensorResponse> find(@PathVariable UUID sensorId) {
		return this.sensors.require(sensorId).map(this.mapper::toResponse);
	}

	@GetMapping("/sites/{siteId}/sensors")
	@Operation(summary = "The sensors of a site, in sensor-id order")
	Mono<Page<SensorResponse>> findBySite(@PathVariable UUID siteId,
			@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit,
			@RequestParam(required = false) String cursor) {
		return this.sensors.findBySite(siteId, cursor, limit.value()).map((page) -> page.map(this.mapper::toResponse));
	}

}
