package dev.querydriven.blogplatform.migration;

import java.time.Instant;
import java.util.List;

import dev.querydriven.tablemigration.BackfillReport;
import dev.querydriven.tablemigration.MigrationEngine;
import dev.querydriven.tablemigration.MigrationPhase;
import dev.querydriven.tablemigration.MigrationRefusedException;
import dev.querydriven.tablemigration.MigrationStatus;
import dev.querydriven.tablemigration.UnknownMigrationException;
import dev.querydriven.tablemigration.VerifyReport;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The admin API's HTTP shape: a migration's phase, where writes and reads go, progress;
 * refused transitions are 409 problems, unknown migrations 404, bad phases 400.
 */
@WebFluxTest(MigrationController.class)
// 30 s, as in the integration tests: a slice's first request may compile much of WebFlux.
@AutoConfigureWebTestClient(timeout = "30s")
@Import(MigrationMapperImpl.class)
class MigrationControllerTests {

	private static final String NAME = "posts-by-category";

	@Autowired
	private WebTestClient client;

	@MockitoBean
	private MigrationEngine migrations;

	/** The list shows every migration with the tables its phase writes and reads. */
	@Test
	void listShowsEveryMigration() {
		given(this.migrations.statuses()).willReturn(Flux.just(status(MigrationPhase.DUAL_WRITE, null, null)));

		this.client.get()
			.uri("/admin/migrations")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$[0].name")
			.isEqualTo(NAME)
			.jsonPath("$[0].phase")
			.isEqualTo("DUAL_WRITE")
			.jsonPath("$[0].writesTo")
			.isEqualTo(List.of("posts_by_category_v1", "posts_by_category"))
			.jsonPath("$[0].readsFrom")
			.isEqualTo("posts_by_category_v1")
			.jsonPath("$[0].next")
			.isEqualTo("BACKFILL");
	}

	/** A status shows the backfill's progress and the verify report. */
	@Test
	void statusShowsProgressAndVerifyReport() {
		given(this.migrations.status(NAME))
			.willReturn(Mono.just(status(MigrationPhase.CUTOVER, new BackfillReport(1, 256, 256, 3000, 1500.0, true),
					new VerifyReport(1, 512, 512, 3000, 3000, 0, 0, 0, 2, List.of(), true, true))));

		this.client.get()
			.uri("/admin/migrations/{name}", NAME)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.readsFrom")
			.isEqualTo("posts_by_category")
			.jsonPath("$.backfill.percentDone")
			.isEqualTo(100.0)
			.jsonPath("$.backfill.rowsCopied")
			.isEqualTo(3000)
			.jsonPath("$.verify.clean")
			.isEqualTo(true)
			.jsonPath("$.verify.resolvedOnRecheck")
			.isEqualTo(2)
			.jsonPath("$.history[0]")
			.exists();
	}

	/** Advancing without a target moves one phase; naming the target moves only there. */
	@Test
	void advanceMovesOnePhaseOrToTheNamedOne() {
		given(this.migrations.advance(NAME)).willReturn(Mono.just(status(MigrationPhase.DUAL_WRITE, null, null)));
		given(this.migrations.moveTo(NAME, MigrationPhase.DUAL_WRITE))
			.willReturn(Mono.just(status(MigrationPhase.DUAL_WRITE, null, null)));

		this.client.post()
			.uri("/admin/migrations/{name}/advance", NAME)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.phase")
			.isEqualTo("DUAL_WRITE");
		this.client.post().uri("/admin/migrations/{name}/advance?to=DUAL_WRITE", NAME).exchange().expectStatus().isOk();

		verify(this.migrations).advance(NAME);
		verify(this.migrations).moveTo(NAME, MigrationPhase.DUAL_WRITE);
	}

	/**
	 * A transition the engine refuses (out of order, guard not met) is a 409 problem
	 * saying why.
	 */
	@Test
	void refusedTransitionIsConflict() {
		given(this.migrations.moveTo(NAME, MigrationPhase.CUTOVER))
			.willReturn(Mono.error(new MigrationRefusedException(NAME, MigrationPhase.OLD_ONLY,
					"cannot move to CUTOVER: it moves one phase at a time, from OLD_ONLY to DUAL_WRITE")));

		this.client.post()
			.uri("/admin/migrations/{name}/advance?to=CUTOVER", NAME)
			.exchange()
			.expectStatus()
			.isEqualTo(409)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.detail")
			.value((String detail) -> org.assertj.core.api.Assertions.assertThat(detail)
				.contains("one phase at a time"));
	}

	/** An unknown migration is a 404 problem. */
	@Test
	void unknownMigrationIsNotFound() {
		given(this.migrations.status("nope")).willReturn(Mono.error(new UnknownMigrationException("nope")));
		given(this.migrations.advance("nope")).willReturn(Mono.error(new UnknownMigrationException("nope")));

		this.client.get().uri("/admin/migrations/nope").exchange().expectStatus().isNotFound();
		this.client.post()
			.uri("/admin/migrations/nope/advance")
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON);
	}

	/**
	 * A target that is not a phase is a 400 naming the parameter, and reaches no engine.
	 */
	@Test
	void unknownPhaseIsBadRequest() {
		this.client.post()
			.uri("/admin/migrations/{name}/advance?to=SOMEWHERE", NAME)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.errors[0].field")
			.isEqualTo("to");
		verifyNoInteractions(this.migrations);
	}

	/** Rollback and resume answer the status after the move. */
	@Test
	void rollbackAndResumeAnswerTheStatus() {
		given(this.migrations.rollback(NAME)).willReturn(Mono.just(status(MigrationPhase.VERIFY, null, null)));
		given(this.migrations.resume(NAME)).willReturn(Mono.just(status(MigrationPhase.VERIFY, null, null)));

		this.client.post()
			.uri("/admin/migrations/{name}/rollback", NAME)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.phase")
			.isEqualTo("VERIFY");
		this.client.post().uri("/admin/migrations/{name}/resume", NAME).exchange().expectStatus().isOk();
	}

	private static MigrationStatus status(MigrationPhase phase, BackfillReport backfill, VerifyReport verify) {
		return new MigrationStatus(NAME, "posts_by_category_v1", "posts_by_category", phase,
				Instant.parse("2026-05-01T10:00:00Z"), 3, phase.next(), null, phase.previous(), null, backfill, verify,
				List.of("2026-05-01T10:00:00Z: OLD_ONLY → DUAL_WRITE by host/1234"));
	}

}
