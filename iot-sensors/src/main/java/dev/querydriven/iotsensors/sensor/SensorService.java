package dev.querydriven.iotsensors.sensor;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import com.datastax.oss.driver.api.core.cql.BoundStatement;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.writeintents.NewIntent;
import dev.querydriven.writeintents.WriteIntents;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Registers sensors and answers the registry's two questions.
 */
@Service
public class SensorService {

	/** The kind of change a registration records before its first write. */
	static final String REGISTERED = "sensor-registered";

	private final SensorRepository repository;

	private final DualWriter dualWriter;

	private final CursorCodec cursors;

	private final TimeSource time;

	private final WriteIntents intents;

	SensorService(SensorRepository repository, DualWriter dualWriter, CursorCodec cursors, TimeSource time,
			WriteIntents intents) {
		this.repository = repository;
		this.dualWriter = dualWriter;
		this.cursors = cursors;
		this.time = time;
		this.intents = intents;
	}

	/**
	 * Registers a sensor in both registry tables, with one write timestamp: its
	 * {@code registered_at}. Registering it again with the same attributes rewrites both
	 * rows with that same timestamp and answers with the existing registration, so a
	 * provisioning retry also completes a registration whose {@code sensors_by_site} copy
	 * was lost; with other attributes it is a conflict, so the copy never has to move.
	 * Two concurrent first registrations of one id with different sites could both pass
	 * the check (it is a read, not a lightweight transaction): sensor ids come from one
	 * provisioning system, which does not race with itself.
	 * @param sensor the sensor to register
	 * @return the registration, and whether this call created it
	 */
	public Mono<SensorRegistration> register(NewSensor sensor) {
		return this.repository.findById(sensor.sensorId())
			.map((existing) -> alreadyRegistered(existing, sensor))
			.switchIfEmpty(Mono.fromSupplier(() -> {
				// registered_at is stored in milliseconds, the resolution of a timestamp,
				// and the write timestamp is exactly it: a retry or a replay writes the
				// same cells with the same timestamp.
				Instant registeredAt = Instant.ofEpochMilli(this.time.nowMicros() / 1000);
				return new SensorRegistration(SensorsByIdRow.of(sensor, registeredAt), true);
			}))
			// The source row first, then its copy: a registration cut short in between is
			// finished by the sweeper from the source (SensorRegistrationReplayer).
			.flatMap((registration) -> this.intents
				.run(NewIntent.of(REGISTERED, "sensor_id", sensor.sensorId()),
						write(this.repository.insertById(registration.sensor()), registration.sensor()),
						this::writeSiteCopy)
				.thenReturn(registration));
	}

	/**
	 * Writes the {@code sensors_by_site} copy of a registration.
	 * @param sensor the registration, as its source row holds it
	 * @return completes once written
	 */
	Mono<Void> writeSiteCopy(SensorsByIdRow sensor) {
		return write(this.repository.insertBySite(sensor), sensor).then();
	}

	/**
	 * A registry row written with the registration's own timestamp, its
	 * {@code registered_at}: the source row and its copy, whether the registration is
	 * new, repeated or replayed, write the same cells with the same timestamp.
	 */
	private Mono<SensorsByIdRow> write(Mono<BoundStatement> insert, SensorsByIdRow sensor) {
		return insert
			.map((statement) -> DenormalizedWrite.builder("register sensor " + sensor.sensorId())
				.put(statement)
				.timestamp(TimeUnit.MILLISECONDS.toMicros(sensor.registeredAt().toEpochMilli()))
				.build())
			.flatMap(this.dualWriter::execute)
			.thenReturn(sensor);
	}

	private static SensorRegistration alreadyRegistered(SensorsByIdRow existing, NewSensor sensor) {
		if (!existing.siteId().equals(sensor.siteId()) || !existing.type().equals(sensor.type())
				|| existing.samplingIntervalSeconds() != sensor.samplingIntervalSeconds()) {
			throw new ConflictException("Sensor " + existing.sensorId() + " is already registered on site "
					+ existing.siteId() + " as " + existing.type() + " every " + existing.samplingIntervalSeconds()
					+ " s; a registration cannot change");
		}
		return new SensorRegistration(existing, false);
	}

	/**
	 * A registered sensor (Q1).
	 * @param sensorId the sensor
	 * @return the sensor, or a {@link NotFoundException} error
	 */
	public Mono<SensorsByIdRow> require(UUID sensorId) {
		return this.repository.findById(sensorId)
			.switchIfEmpty(Mono.error(() -> new NotFoundException("No sensor " + sensorId)));
	}

	/**
	 * A page of a site's sensors, in sensor-id order (Q2). A site without sensors is an
	 * empty page, not a 404: sites are not registered on their own.
	 * @param siteId the site
	 * @param cursor the previous page's {@code next}, or {@code null}
	 * @param limit the page size
	 * @return the page
	 */
	public Mono<Page<SensorsBySiteRow>> findBySite(UUID siteId, String cursor, int limit) {
		String scope = "site-sensors:" + siteId;
		return Mono
			.fromCallable(() -> Optional.ofNullable(cursor)
				.map((token) -> UUID.fromString(this.cursors.decodeValues(scope, token).get(0))))
			// One row more than the page tells whether a next page exists.
			.flatMap((after) -> this.repository.findBySite(siteId, after.orElse(null), limit + 1).collectList())
			.map((rows) -> {
				if (rows.size() <= limit) {
					return new Page<>(rows, null);
				}
				List<SensorsBySiteRow> page = rows.subList(0, limit);
				String next = this.cursors.encode(scope, List.of(page.get(limit - 1).sensorId().toString()));
				return new Page<>(page, next);
			});
	}

}
