package dev.querydriven.iotsensors.reading;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

import dev.querydriven.modeling.bucket.Bucket;

/**
 * What one ingestion did to a sensor's raw readings, as the tables derived from them need
 * to know: each copy ({@link dev.querydriven.modeling.dualwrite.Copy}) turns it into the
 * writes that bring its table up to date.
 *
 * @param sensorId the sensor
 * @param readings the rows just written to {@code sensor_data}, oldest first
 * @param receivedAt the instant the readings' ages were judged against (their TTLs count
 * from it)
 */
public record ReadingChange(UUID sensorId, List<SensorDataRow> readings, Instant receivedAt) {

	public ReadingChange {
		Objects.requireNonNull(sensorId, "sensorId");
		Objects.requireNonNull(receivedAt, "receivedAt");
		readings = List.copyOf(readings);
		if (readings.isEmpty()) {
			throw new IllegalArgumentException("A change holds at least one reading");
		}
	}

	/**
	 * The hour partitions the readings landed in.
	 * @return the hours, oldest first
	 */
	public Set<Bucket> hours() {
		Set<Bucket> hours = new TreeSet<>();
		this.readings.forEach((reading) -> hours.add(reading.bucket()));
		return hours;
	}

	/**
	 * The newest reading of the change.
	 * @return the reading with the latest time
	 */
	public SensorDataRow newest() {
		return this.readings.stream().max(Comparator.comparing(SensorDataRow::readingTime)).orElseThrow();
	}

	/**
	 * Describes the change for logs.
	 * @return e.g. {@code "readings of sensor 6f0c... (3 in 2 hours)"}
	 */
	public String describe() {
		return "readings of sensor " + this.sensorId + " (" + this.readings.size() + " in " + hours().size()
				+ " hours)";
	}

}
