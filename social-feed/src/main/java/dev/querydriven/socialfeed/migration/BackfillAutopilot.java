package dev.querydriven.socialfeed.migration;

import java.time.Duration;
import java.util.List;

import dev.querydriven.tablemigration.MigrationEngine;
import dev.querydriven.tablemigration.MigrationPhase;
import dev.querydriven.tablemigration.MigrationRefusedException;
import dev.querydriven.tablemigration.MigrationStatus;
import dev.querydriven.tablemigration.VerifyReport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Drives the service's backfills to their end, as an operator would through the
 * {@code migrations} endpoint, one step at a time and through the engine's guards: every
 * few seconds it reads a migration's status and takes the step that is due. Into
 * {@code DUAL_WRITE} at once (the request path already writes both tables), into
 * {@code BACKFILL} once the engine's settle time has passed (the job starts on the
 * instance that advanced), resuming the job of an instance that died once its lease
 * expired, into {@code VERIFY} when every token range is copied, and through
 * {@code CUTOVER} to {@code NEW_ONLY} once verify came back clean. The state is the
 * engine's, in Cassandra: a restarted instance picks up where the migration stands
 * (finished ranges stay finished), and several instances driving the same migration are
 * harmless, since each step is a lightweight transaction that only one wins (a refused
 * step is simply looked at again).
 *
 * <p>
 * It stops short where a person must decide: a verify that found mismatches leaves the
 * migration in {@code VERIFY}, logged with where to look, until an operator has repaired
 * them and asks for another verify ({@code POST /actuator/migrations/{name}/resume}).
 */
final class BackfillAutopilot {

	private static final Logger logger = LoggerFactory.getLogger(BackfillAutopilot.class);

	private final MigrationEngine migrations;

	private final Duration pollInterval;

	BackfillAutopilot(MigrationEngine migrations, Duration pollInterval) {
		this.migrations = migrations;
		this.pollInterval = pollInterval;
	}

	/**
	 * Drives the given migrations one after the other, in the background.
	 * @param names the migrations
	 * @return the handle that stops it
	 */
	Disposable start(List<String> names) {
		return Flux.fromIterable(names).concatMap((name) -> complete(name).onErrorResume((ex) -> {
			logger.warn("Table migration {}: left for an operator: {}", name, ex.getMessage());
			return Mono.empty();
		})).subscribe();
	}

	/**
	 * Drives one migration to {@code NEW_ONLY}.
	 * @param name the migration
	 * @return its final status; an error when verify found mismatches (the migration
	 * stays in {@code VERIFY})
	 */
	Mono<MigrationStatus> complete(String name) {
		return Mono.defer(() -> step(name))
			.repeatWhenEmpty(Integer.MAX_VALUE, (polls) -> polls.delayElements(this.pollInterval))
			.doOnNext((status) -> logger.info("Table migration {}: done ({})", name, status.phase()));
	}

	/**
	 * The step due now: the final status once the migration is over, empty while it goes
	 * on.
	 */
	private Mono<MigrationStatus> step(String name) {
		return this.migrations.status(name).flatMap((status) -> switch (status.phase()) {
			case NEW_ONLY -> Mono.just(status);
			case OLD_ONLY, CUTOVER -> advance(name);
			case DUAL_WRITE -> (status.blocker() == null) ? advance(name) : Mono.<MigrationStatus>empty();
			case BACKFILL ->
				(status.backfill() != null && status.backfill().complete()) ? advance(name) : resumeIfIdle(status);
			case VERIFY -> verified(status);
		}).onErrorResume(MigrationRefusedException.class, (ex) -> {
			// Another instance moved first, or holds the job: look again later.
			logger.debug("Table migration {}: {}", name, ex.getMessage());
			return Mono.empty();
		});
	}

	private Mono<MigrationStatus> verified(MigrationStatus status) {
		VerifyReport verify = status.verify();
		if (verify == null || !verify.complete()) {
			return resumeIfIdle(status);
		}
		if (!verify.clean()) {
			return Mono.error(new IllegalStateException("verify run " + verify.run() + " found " + verify.mismatches()
					+ " mismatches between " + status.oldTable() + " and " + status.newTable() + " ("
					+ String.join("; ", verify.samples()) + "): see GET /actuator/migrations/" + status.name()
					+ ", repair them, then POST /actuator/migrations/" + status.name() + "/resume to verify again"));
		}
		return advance(status.name());
	}

	/**
	 * The job of the phase, resumed here when no instance holds it (the one that ran it
	 * died, and its lease expired).
	 */
	private Mono<MigrationStatus> resumeIfIdle(MigrationStatus status) {
		return (status.worker() != null) ? Mono.empty() : this.migrations.resume(status.name()).then(Mono.empty());
	}

	private Mono<MigrationStatus> advance(String name) {
		return this.migrations.advance(name)
			.doOnNext((status) -> logger.debug("Table migration {}: advanced to {}", name, status.phase()))
			.filter((status) -> status.phase() == MigrationPhase.NEW_ONLY);
	}

}
