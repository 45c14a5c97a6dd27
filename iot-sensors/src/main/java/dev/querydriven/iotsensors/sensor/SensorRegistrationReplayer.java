package dev.querydriven.iotsensors.sensor;

import java.util.Set;

import dev.querydriven.writeintents.IntentReplayer;
import dev.querydriven.writeintents.WriteIntent;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Finishes a registration cut short (a killed process, a copy that outlived its retries):
 * {@code sensors_by_id} is the source of truth, so the registration is read back from it
 * and its {@code sensors_by_site} copy written again with the source's own timestamp.
 * When the source was never written there is nothing to finish.
 */
@Component
class SensorRegistrationReplayer implements IntentReplayer {

	private final SensorRepository repository;

	private final SensorService sensors;

	SensorRegistrationReplayer(SensorRepository repository, SensorService sensors) {
		this.repository = repository;
		this.sensors = sensors;
	}

	@Override
	public Set<String> kinds() {
		return Set.of(SensorService.REGISTERED);
	}

	@Override
	public Mono<Void> replay(WriteIntent intent) {
		return this.repository.findById(intent.uuid("sensor_id")).flatMap(this.sensors::writeSiteCopy);
	}

}
