package ${package};

import java.nio.file.Path;
import java.util.UUID;

import ${package}.note.NoteService;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.harness.PartitionBudgets;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.RequestPartitions;
import dev.querydriven.testsupport.recording.StatementRecorder;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Partitions per request: every route driven to its worst case, counting the distinct
 * partitions the request really read with the statement recorder, held against the
 * catalogue's {@code routeBudgets()}; every route the application serves has a budget;
 * and the README's "Partitions per request" table shows the declarations and these
 * measurements (regenerate it with {@code -Dquerydriven.update-generated=true}).
 */
@${serviceName}IntegrationTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PartitionBudgetIntegrationTests {

	private static final QueryCatalog CATALOG = new ${serviceName}QueryCatalog();

	private static final PartitionBudgets BUDGETS = PartitionBudgets.of(CATALOG);

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private NoteService notes;

	@Autowired
	private ApplicationContext context;

	/** Adding a note reads nothing: the insert needs no read before it. */
	@Test
	void addingANoteReadsNothing() {
		UUID ownerId = UUID.randomUUID();
		measure("POST /owners/{ownerId}/notes",
				() -> this.client.mutateWith(this.callers.as(ownerId))
					.post()
					.uri("/owners/{id}/notes", ownerId)
					.contentType(MediaType.APPLICATION_JSON)
					.bodyValue("{\"text\": \"Book the train\"}")
					.exchange()
					.expectStatus()
					.isCreated());
	}

	/** A page of an owner's notes reads the owner's one partition. */
	@Test
	void notesOfAnOwnerReadOnePartition() {
		UUID ownerId = UUID.randomUUID();
		this.notes.add(ownerId, "Renew the passport").block();
		measure("GET /owners/{ownerId}/notes",
				() -> this.client.mutateWith(this.callers.as(ownerId))
					.get()
					.uri("/owners/{id}/notes", ownerId)
					.exchange()
					.expectStatus()
					.isOk());
	}

	/**
	 * Every route the application serves has a partition budget, and every budget names a
	 * route it serves.
	 */
	@Test
	void everyRouteHasABudget() {
		BUDGETS.verifyRoutes(RequestPartitions.routes(this.context, getClass().getPackageName()));
	}

	/**
	 * The README's "Partitions per request" table shows every route's budget, worst case
	 * and what the tests above measured (runs last).
	 */
	@Test
	@Order(Integer.MAX_VALUE)
	void readmeShowsEveryRouteAsMeasured() {
		BUDGETS.verifyReadme(Path.of("README.md"));
	}

	private void measure(String route, Runnable request) {
		BUDGETS.measured(route, RequestPartitions.read(this.recorder, route, request));
	}

}
