package dev.querydriven.blogplatform.migration;

import java.time.Instant;
import java.util.List;

import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.tablemigration.BackfillReport;
import dev.querydriven.tablemigration.MigrationEngine;
import dev.querydriven.tablemigration.MigrationPhase;
import dev.querydriven.tablemigration.MigrationRefusedException;
import dev.querydriven.tablemigration.MigrationStatus;
import dev.querydriven.tablemigration.UnknownMigrationException;
import dev.querydriven.tablemigration.VerifyReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * The {@code migrations} endpoint's operations on their own (the HTTP side, on the
 * management port, is in {@link MigrationIntegrationTests}): a migration's phase, where
 * writes and reads go, progress; each action drives the engine's transition; refused
 * transitions are conflicts, unknown migrations not found, and a bad name, action or
 * phase is refused before the engine is asked.
 */
class MigrationsEndpointTests {

	private static final String NAME = "posts-by-category";

	private final MigrationEngine migrations = mock();

	private final MigrationsEndpoint endpoint = new MigrationsEndpoint(this.migrations, new MigrationMapperImpl());

	/** The list shows every migration with the tables its phase writes and reads. */
	@Test
	void listShowsEveryMigration() {
		given(this.migrations.statuses()).willReturn(Flux.just(status(MigrationPhase.DUAL_WRITE, null, null)));

		List<MigrationDescriptor> list = this.endpoint.list().block();

		assertThat(list).singleElement().satisfies((migration) -> {
			assertThat(migration.name()).isEqualTo(NAME);
			assertThat(migration.phase()).isEqualTo(MigrationPhase.DUAL_WRITE);
			assertThat(migration.writesTo()).containsExactly("posts_by_category_v1", "posts_by_category");
			assertThat(migration.readsFrom()).isEqualTo("posts_by_category_v1");
			assertThat(migration.next()).isEqualTo(MigrationPhase.BACKFILL);
		});
	}

	/** A status shows the backfill's progress and the verify report. */
	@Test
	void showHasProgressAndVerifyReport() {
		given(this.migrations.status(NAME))
			.willReturn(Mono.just(status(MigrationPhase.CUTOVER, new BackfillReport(1, 256, 256, 3000, 1500.0, true),
					new VerifyReport(1, 512, 512, 3000, 3000, 0, 0, 0, 2, List.of(), true, true))));

		MigrationDescriptor status = this.endpoint.show(NAME).block();

		assertThat(status.readsFrom()).isEqualTo("posts_by_category");
		assertThat(status.backfill().percentDone()).isEqualTo(100.0);
		assertThat(status.backfill().rowsCopied()).isEqualTo(3000);
		assertThat(status.verify().clean()).isTrue();
		assertThat(status.verify().resolvedOnRecheck()).isEqualTo(2);
		assertThat(status.history()).isNotEmpty();
	}

	/** Advancing without a target moves one phase; naming the target moves only there. */
	@Test
	void advanceMovesOnePhaseOrToTheNamedOne() {
		given(this.migrations.advance(NAME)).willReturn(Mono.just(status(MigrationPhase.DUAL_WRITE, null, null)));
		given(this.migrations.moveTo(NAME, MigrationPhase.DUAL_WRITE))
			.willReturn(Mono.just(status(MigrationPhase.DUAL_WRITE, null, null)));

		assertThat(this.endpoint.act(NAME, "advance", null).block().phase()).isEqualTo(MigrationPhase.DUAL_WRITE);
		assertThat(this.endpoint.act(NAME, "advance", "DUAL_WRITE").block().phase())
			.isEqualTo(MigrationPhase.DUAL_WRITE);

		verify(this.migrations).advance(NAME);
		verify(this.migrations).moveTo(NAME, MigrationPhase.DUAL_WRITE);
	}

	/** Rollback and resume answer the status after the move. */
	@Test
	void rollbackAndResumeAnswerTheStatus() {
		given(this.migrations.rollback(NAME)).willReturn(Mono.just(status(MigrationPhase.VERIFY, null, null)));
		given(this.migrations.resume(NAME)).willReturn(Mono.just(status(MigrationPhase.VERIFY, null, null)));

		assertThat(this.endpoint.act(NAME, "rollback", null).block().phase()).isEqualTo(MigrationPhase.VERIFY);
		assertThat(this.endpoint.act(NAME, "resume", null).block().phase()).isEqualTo(MigrationPhase.VERIFY);

		verify(this.migrations).rollback(NAME);
		verify(this.migrations).resume(NAME);
	}

	/**
	 * A transition the engine refuses (out of order, guard not met) is a conflict saying
	 * why.
	 */
	@Test
	void refusedTransitionIsConflict() {
		given(this.migrations.moveTo(NAME, MigrationPhase.CUTOVER))
			.willReturn(Mono.error(new MigrationRefusedException(NAME, MigrationPhase.OLD_ONLY,
					"cannot move to CUTOVER: it moves one phase at a time, from OLD_ONLY to DUAL_WRITE")));

		this.endpoint.act(NAME, "advance", "CUTOVER")
			.as(StepVerifier::create)
			.expectErrorSatisfies((ex) -> assertThat(ex).isInstanceOf(ConflictException.class)
				.hasMessageContaining("one phase at a time"))
			.verify();
	}

	/** An unknown migration is not found, to show and to act on. */
	@Test
	void unknownMigrationIsNotFound() {
		given(this.migrations.status("nope")).willReturn(Mono.error(new UnknownMigrationException("nope")));
		given(this.migrations.advance("nope")).willReturn(Mono.error(new UnknownMigrationException("nope")));

		this.endpoint.show("nope").as(StepVerifier::create).verifyError(NotFoundException.class);
		this.endpoint.act("nope", "advance", null).as(StepVerifier::create).verifyError(NotFoundException.class);
	}

	/**
	 * An action that is none of advance, rollback and resume is a bad request naming
	 * {@code action}, and reaches no engine.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "delete", "ADVANCE", "advance ", "" })
	void unknownActionIsBadRequest(String action) {
		this.endpoint.act(NAME, action, null)
			.as(StepVerifier::create)
			.expectErrorSatisfies((ex) -> assertThat(ex).isInstanceOfSatisfying(InvalidRequestException.class,
					(invalid) -> assertThat(invalid.getField()).isEqualTo("action")))
			.verify();
		verifyNoInteractions(this.migrations);
	}

	/**
	 * A target that is not a phase is a bad request naming {@code to}, and reaches no
	 * engine.
	 */
	@Test
	void unknownPhaseIsBadRequest() {
		this.endpoint.act(NAME, "advance", "SOMEWHERE")
			.as(StepVerifier::create)
			.expectErrorSatisfies((ex) -> assertThat(ex).isInstanceOfSatisfying(InvalidRequestException.class,
					(invalid) -> assertThat(invalid.getField()).isEqualTo("to")))
			.verify();
		verifyNoInteractions(this.migrations);
	}

	/**
	 * A name that cannot be a migration is a bad request naming {@code name}, before any
	 * lookup.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "Posts-By-Category", "posts--by-category", "posts_by_category", "-posts" })
	void malformedNameIsBadRequest(String name) {
		this.endpoint.show(name)
			.as(StepVerifier::create)
			.expectErrorSatisfies((ex) -> assertThat(ex).isInstanceOfSatisfying(InvalidRequestException.class,
					(invalid) -> assertThat(invalid.getField()).isEqualTo("name")))
			.verify();
		this.endpoint.act(name, "advance", null).as(StepVerifier::create).verifyError(InvalidRequestException.class);
		verifyNoInteractions(this.migrations);
	}

	private static MigrationStatus status(MigrationPhase phase, BackfillReport backfill, VerifyReport verify) {
		return new MigrationStatus(NAME, "posts_by_category_v1", "posts_by_category", phase,
				Instant.parse("2026-05-01T10:00:00Z"), 3, phase.next(), null, phase.previous(), null, backfill, verify,
				List.of("2026-05-01T10:00:00Z: OLD_ONLY → DUAL_WRITE by host/1234"));
	}

}
