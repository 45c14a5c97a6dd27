package dev.querydriven.iotsensors;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.RowReaderCheck;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.cassandra.core.convert.CassandraConverter;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A row read by hand is the row Spring Data reads: each hand-written row reader against
 * the generic mapping, on live rows (the entities against the live schema are in
 * {@link IotSensorsConformanceTests}).
 */
@IotSensorsIntegrationTest
class RowReaderIntegrationTests {

	@Autowired
	private CqlSession session;

	@Autowired
	private CassandraConverter converter;

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private Clock clock;

	/**
	 * Every hand-written row reader of a hot read reads what Spring Data's own mapping
	 * reads from the same live rows (a reading ingested over HTTP).
	 */
	@Test
	void everyRowReaderReadsWhatSpringDataReads() {
		UUID sensorId = IotSensorsFixtures.registerSensor(this.client, this.callers);
		IotSensorsFixtures.ingest(this.client, this.callers, sensorId,
				List.of(IotSensorsFixtures.reading(this.clock.instant().minus(Duration.ofMinutes(1)))));
		assertThat(RowReaderCheck.mismatches(this.converter, this.session)).isEmpty();
	}

}
