package dev.querydriven.socialfeed.migration;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.tablemigration.MigrationEngine;
import dev.querydriven.tablemigration.MigrationPhase;
import dev.querydriven.tablemigration.MigrationRefusedException;
import dev.querydriven.tablemigration.MigrationStatus;
import dev.querydriven.tablemigration.UnknownMigrationException;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.stereotype.Component;

/**
 * Shows table migrations and drives their phases: the {@code migrations} actuator
 * endpoint, an operator's tool. Actuator serves it on the management port only, where
 * every endpoint but the health check needs the {@code admin} role, so nothing of it is
 * reachable on the port that serves the API.
 *
 * <ul>
 * <li>{@code GET /actuator/migrations}: every migration;</li>
 * <li>{@code GET /actuator/migrations/{name}}: one migration's phase, blocker, backfill
 * progress, verify report and history;</li>
 * <li>{@code POST /actuator/migrations/{name}/{action}}, the action one of
 * {@code advance} (one phase forward; with {@code ?to=PHASE}, only if PHASE is the next
 * one, so that a repeated or out-of-order request is refused), {@code rollback} (one
 * phase back, where that is safe) and {@code resume} (the current phase's backfill or
 * verify job, on this instance, after a restart; or verify again).</li>
 * </ul>
 * Like every write operation of actuator that takes an argument, an action is sent as
 * JSON ({@code Content-Type: application/json}; anything else is a 415), its target in
 * the query ({@code ?to=CUTOVER}) or in the body ({@code {"to": "CUTOVER"}}); the body
 * may be empty. Every transition is checked by the engine (one phase at a time, the
 * backfill only once every instance dual-writes, verify only after a complete backfill,
 * the cut-over only after a clean verify): a refused one is a 409 problem saying why, and
 * changes nothing. An unknown migration is a 404; a name that cannot be a migration, an
 * unknown action or a target that is no phase is a 400 naming the parameter, before the
 * engine is asked.
 *
 * <p>
 * The social feed's migrations are backfills ({@link FollowerShardsMigration},
 * {@link LikesByUserMigration}), which {@link BackfillAutopilot} drives to their end at
 * startup unless {@code querydriven.social-feed.migration.auto-run} is off: then an
 * operator drives them here, the same steps, and watches the same progress.
 */
@Component
@Endpoint(id = "migrations")
class MigrationsEndpoint {

	/**
	 * A migration's name, e.g. {@code follower-shards}: lower-case words and hyphens.
	 */
	private static final Pattern NAME = Pattern.compile("[a-z0-9]+(-[a-z0-9]+){0,20}");

	private static final int MAX_NAME = 100;

	private final MigrationEngine migrations;

	private final MigrationMapper mapper;

	MigrationsEndpoint(MigrationEngine migrations, MigrationMapper mapper) {
		this.migrations = migrations;
		this.mapper = mapper;
	}

	/**
	 * Every table migration: phase, where writes and reads go, progress.
	 * @return the migrations
	 */
	@ReadOperation
	Mono<List<MigrationDescriptor>> list() {
		return this.migrations.statuses().map(this.mapper::toDescriptor).collectList();
	}

	/**
	 * A table migration: phase, blocker, backfill progress, verify report, history.
	 * @param name the migration
	 * @return its status
	 */
	@ReadOperation
	Mono<MigrationDescriptor> show(@Selector String name) {
		return Mono.defer(() -> respond(this.migrations.status(checkedName(name))));
	}

	/**
	 * Moves a migration, or resumes its job.
	 * @param name the migration
	 * @param action {@code advance}, {@code rollback} or {@code resume}
	 * @param to with {@code advance}: the phase the migration must move to, which must be
	 * the next one (the other actions take no target)
	 * @return the status after the move
	 */
	@WriteOperation
	Mono<MigrationDescriptor> act(@Selector String name, @Selector String action, @Nullable String to) {
		return Mono.defer(() -> {
			String migration = checkedName(name);
			return respond(switch (Action.of(action)) {
				case ADVANCE ->
					(to != null) ? this.migrations.moveTo(migration, phase(to)) : this.migrations.advance(migration);
				case ROLLBACK -> this.migrations.rollback(migration);
				case RESUME -> this.migrations.resume(migration);
			});
		});
	}

	private Mono<MigrationDescriptor> respond(Mono<MigrationStatus> status) {
		return status.map(this.mapper::toDescriptor)
			.onErrorMap(MigrationRefusedException.class, (ex) -> new ConflictException(ex.getMessage()))
			.onErrorMap(UnknownMigrationException.class, (ex) -> new NotFoundException(ex.getMessage()));
	}

	/**
	 * A name that cannot be a migration is refused before any lookup.
	 */
	private static String checkedName(String name) {
		if (name.length() > MAX_NAME || !NAME.matcher(name).matches()) {
			throw new InvalidRequestException("name", "must be a migration name such as 'follower-shards' (a-z, "
					+ "0-9, single hyphens between words, at most " + MAX_NAME + " characters)");
		}
		return name;
	}

	private static MigrationPhase phase(String to) {
		try {
			return MigrationPhase.valueOf(to);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidRequestException("to", "must be one of " + List.of(MigrationPhase.values()));
		}
	}

	/**
	 * What a write operation asks of a migration.
	 */
	enum Action {

		ADVANCE, ROLLBACK, RESUME;

		static Action of(String action) {
			for (Action candidate : values()) {
				if (candidate.name().toLowerCase(Locale.ROOT).equals(action)) {
					return candidate;
				}
			}
			throw new InvalidRequestException("action", "must be one of advance, rollback or resume");
		}

	}

}
