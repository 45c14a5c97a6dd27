package dev.querydriven.blogplatform.migration;

import java.util.List;

import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.tablemigration.MigrationEngine;
import dev.querydriven.tablemigration.MigrationPhase;
import dev.querydriven.tablemigration.MigrationRefusedException;
import dev.querydriven.tablemigration.MigrationStatus;
import dev.querydriven.tablemigration.UnknownMigrationException;
import io.swagger.v3.oas.annotations.Operation;
import reactor.core.publisher.Mono;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Shows table migrations and drives their phases. Every transition is checked by the
 * engine (one phase at a time, the backfill only once every instance dual-writes, verify
 * only after a complete backfill, the cut-over only after a clean verify): a refused one
 * is a 409 problem saying why, and changes nothing.
 */
@RestController
@RequestMapping("/admin/migrations")
class MigrationController {

	private final MigrationEngine migrations;

	private final MigrationMapper mapper;

	MigrationController(MigrationEngine migrations, MigrationMapper mapper) {
		this.migrations = migrations;
		this.mapper = mapper;
	}

	@GetMapping
	@Operation(summary = "Every table migration: phase, where writes and reads go, progress")
	Mono<List<MigrationResponse>> list() {
		return this.migrations.statuses().map(this.mapper::toResponse).collectList();
	}

	@GetMapping("/{name}")
	@Operation(summary = "A table migration: phase, blocker, backfill progress, verify report, history")
	Mono<MigrationResponse> status(@PathVariable @MigrationName String name) {
		return respond(this.migrations.status(name));
	}

	@PostMapping("/{name}/advance")
	@Operation(summary = "Move a migration one phase forward; with ?to=PHASE, only if PHASE is the next one "
			+ "(a repeated or out-of-order request is refused with 409)")
	Mono<MigrationResponse> advance(@PathVariable @MigrationName String name,
			@RequestParam(required = false) MigrationPhase to) {
		return respond((to != null) ? this.migrations.moveTo(name, to) : this.migrations.advance(name));
	}

	@PostMapping("/{name}/rollback")
	@Operation(summary = "Move a migration one phase back, where that is safe (never from NEW_ONLY)")
	Mono<MigrationResponse> rollback(@PathVariable @MigrationName String name) {
		return respond(this.migrations.rollback(name));
	}

	@PostMapping("/{name}/resume")
	@Operation(summary = "Resume the current phase's backfill or verify job on this instance (after a restart), "
			+ "or verify again")
	Mono<MigrationResponse> resume(@PathVariable @MigrationName String name) {
		return respond(this.migrations.resume(name));
	}

	private Mono<MigrationResponse> respond(Mono<MigrationStatus> status) {
		return status.map(this.mapper::toResponse)
			.onErrorMap(MigrationRefusedException.class, (ex) -> new ConflictException(ex.getMessage()))
			.onErrorMap(UnknownMigrationException.class, (ex) -> new NotFoundException(ex.getMessage()));
	}

}
