package dev.querydriven.iotsensors.sizing;

import java.util.UUID;

import dev.querydriven.iotsensors.SliceTestConfiguration;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * {@code GET /buckets/advice}: the advisor's answer, and 400s for rates it cannot judge.
 */
@WebFluxTest(BucketAdviceController.class)
@EnableConfigurationProperties(SizingProperties.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import(SliceTestConfiguration.class)
class BucketAdviceControllerTests {

	@Autowired
	private WebTestClient client;

	/**
	 * Without parameters it advises for the configured sampling rate: hourly buckets of
	 * 3,600 rows.
	 */
	@Test
	void adviceDefaultsToTheConfiguredSamplingRate() {
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/buckets/advice")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.writesPerSecond")
			.isEqualTo(1.0)
			.jsonPath("$.rowBytes")
			.isEqualTo(50)
			.jsonPath("$.granularity")
			.isEqualTo("HOUR")
			.jsonPath("$.rowsPerPartition")
			.isEqualTo(3600.0)
			.jsonPath("$.candidates.length()")
			.isEqualTo(4)
			.jsonPath("$.explanation")
			.exists();
	}

	/**
	 * A slow sensor gets coarser buckets; a very fast one is told that even an hour is
	 * too big.
	 */
	@Test
	void adviceFollowsTheWriteRate() {
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/buckets/advice?writesPerSecond=0.05&rowBytes=50")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.granularity")
			.isEqualTo("WEEK");
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/buckets/advice?writesPerSecond=5000&rowBytes=100")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.granularity")
			.isEqualTo("HOUR")
			.jsonPath("$.withinTarget")
			.isEqualTo(false);
	}

	/**
	 * Zero, negative, NaN, infinite or unparseable rates and out-of-range row sizes are
	 * 400s naming the parameter.
	 */
	@Test
	void unjudgeableInputIsBadRequest() {
		for (String query : new String[] { "writesPerSecond=0", "writesPerSecond=-1", "writesPerSecond=NaN",
				"writesPerSecond=Infinity", "writesPerSecond=fast", "writesPerSecond=1e9" }) {
			this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
				.get()
				.uri("/buckets/advice?" + query)
				.exchange()
				.expectStatus()
				.isBadRequest()
				.expectHeader()
				.contentType(MediaType.APPLICATION_PROBLEM_JSON)
				.expectBody()
				.jsonPath("$.errors[0].field")
				.isEqualTo("writesPerSecond");
		}
		this.client.mutateWith(Callers.mockCaller(UUID.randomUUID()))
			.get()
			.uri("/buckets/advice?rowBytes=0")
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("rowBytes");
	}

}
