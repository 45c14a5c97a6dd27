package dev.querydriven.socialfeed.migration;

import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import dev.querydriven.tablemigration.BackfillReport;
import dev.querydriven.tablemigration.MigrationStatus;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Maps the engine's status to the {@code migrations} endpoint's descriptor. Where this
 * service writes and reads does not follow the phase: a backfill's two tables are both
 * written by every request from the start (the copy's code shipped with its table), and
 * the query the copy serves reads it; the phases pace the backfill and its verify.
 */
@Mapper(config = QueryDrivenMapperConfig.class)
interface MigrationMapper {

	@Mapping(target = "writesTo", expression = "java(java.util.List.of(status.oldTable(), status.newTable()))")
	@Mapping(target = "readsFrom", expression = "java(status.newTable())")
	MigrationDescriptor toDescriptor(MigrationStatus status);

	@Mapping(target = "percentDone", expression = "java(report.percentDone())")
	MigrationDescriptor.Backfill toBackfill(BackfillReport report);

}
