package dev.querydriven.testsupport.inspector;

import java.time.Clock;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The inspector keeps a bounded window of the latest requests. */
class QueryInspectorTests {

	/** After 10,000 requests it holds no more than its capacity, the newest first. */
	@Test
	void theBufferHoldsAtMostItsCapacity() {
		QueryInspector inspector = new QueryInspector(Clock.systemUTC(), 200, 1000);
		for (int i = 1; i <= 10_000; i++) {
			inspector.started("request-" + i, "GET", "/users/" + i);
			inspector.completed("request-" + i, "GET /users/{userId}", 200, 10);
		}
		assertThat(inspector.size()).isEqualTo(200);
		List<InspectedRequest> latest = inspector.latest(null, 500);
		assertThat(latest).hasSize(200);
		assertThat(latest.get(0).id()).isEqualTo("request-10000");
		assertThat(latest.get(199).id()).isEqualTo("request-9801");
	}

	/** A request still running is not listed yet; a route filter keeps that route's. */
	@Test
	void onlyCompletedRequestsOfTheRouteAreListed() {
		QueryInspector inspector = new QueryInspector(Clock.systemUTC(), 10, 10);
		inspector.started("a", "GET", "/users/1");
		inspector.started("b", "GET", "/users/1/timeline");
		inspector.completed("b", "GET /users/{userId}/timeline", 200, 10);
		inspector.started("c", "GET", "/users/2");
		inspector.completed("c", "GET /users/{userId}", 404, 10);
		assertThat(inspector.latest(null, 10)).extracting(InspectedRequest::id).containsExactly("c", "b");
		assertThat(inspector.latest("GET /users/{userId}", 10)).extracting(InspectedRequest::id).containsExactly("c");
	}

}
