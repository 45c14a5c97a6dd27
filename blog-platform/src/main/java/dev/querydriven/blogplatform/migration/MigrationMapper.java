package dev.querydriven.blogplatform.migration;

import java.util.ArrayList;
import java.util.List;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import dev.querydriven.tablemigration.BackfillReport;
import dev.querydriven.tablemigration.MigrationPhase;
import dev.querydriven.tablemigration.MigrationStatus;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Maps the engine's status to the {@code migrations} endpoint's descriptor, adding where
 * this phase writes and reads.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface MigrationMapper {

	@Mapping(target = "writesTo", expression = "java(writesTo(status))")
	@Mapping(target = "readsFrom",
			expression = "java(status.phase().readsNew() ? status.newTable() : status.oldTable())")
	MigrationDescriptor toDescriptor(MigrationStatus status);

	@Mapping(target = "percentDone", expression = "java(report.percentDone())")
	MigrationDescriptor.Backfill toBackfill(BackfillReport report);

	default List<String> writesTo(MigrationStatus status) {
		MigrationPhase phase = status.phase();
		List<String> tables = new ArrayList<>(2);
		if (phase.writesOld()) {
			tables.add(status.oldTable());
		}
		if (phase.writesNew()) {
			tables.add(status.newTable());
		}
		return tables;
	}

}
