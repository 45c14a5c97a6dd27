package ${package};

import java.util.UUID;

import ${package}.note.NoteService;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.testsupport.Callers;
import dev.querydriven.testsupport.architecture.ServiceArchitectureRules;
import dev.querydriven.testsupport.conformance.ServiceConformanceTests;
import dev.querydriven.testsupport.hostile.HostileInput;
import org.junit.jupiter.api.Order;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;

import static dev.querydriven.testsupport.hostile.ValidRequest.request;

/** The conformance suite every service passes, on this service. */
@${serviceName}IntegrationTest
@Order(Integer.MAX_VALUE)
class ${serviceName}ConformanceTests extends ServiceConformanceTests {

	/** The service's name: its {@code spring.application.name}. */
	private static final String SERVICE = "${artifactId}";

	@Autowired
	private NoteService notes;

	@Autowired
	private Callers callers;

	@Override
	protected QueryCatalog catalog() {
		return new ${serviceName}QueryCatalog();
	}

	/**
	 * No CQL-template exception: the one table is read and written through its Spring
	 * Data entity.
	 */
	@Override
	protected ServiceArchitectureRules architecture() {
		return ServiceArchitectureRules.forService(SERVICE, getClass().getPackageName());
	}

	/**
	 * An owner with two notes, so that a page of one has a next page; both requests carry
	 * the owner's token, and the suite adds the token cases (none, bad ones, another
	 * user's) to each.
	 */
	@Override
	protected HostileInput.Builder validRequests(HostileInput.Builder requests) {
		UUID ownerId = UUID.randomUUID();
		String owner = "Bearer " + this.callers.tokens().forUser(ownerId);
		this.notes.add(ownerId, "First").block();
		this.notes.add(ownerId, "Second").block();
		return requests
			.valid("POST /owners/{ownerId}/notes",
					request().header(HttpHeaders.AUTHORIZATION, owner).path("ownerId", ownerId).body("""
							{"text": "Return the drill"}"""))
			.valid("GET /owners/{ownerId}/notes",
					request().header(HttpHeaders.AUTHORIZATION, owner).path("ownerId", ownerId).query("limit", 1));
	}

}
