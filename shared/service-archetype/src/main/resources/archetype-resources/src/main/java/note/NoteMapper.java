package ${package}.note;

import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.mapping.QueryDrivenMapperConfig;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/**
 * Maps {@code notes_by_owner} rows to notes; a note's creation time is read from its
 * {@code timeuuid}, so the table stores it once.
 */
@Mapper(config = QueryDrivenMapperConfig.class, imports = TimeSource.class)
interface NoteMapper {

	@Mapping(target = "id", source = "noteId")
	@Mapping(target = "text", source = "noteText")
	@Mapping(target = "createdAt", expression = "java(TimeSource.instantOf(row.noteId()))")
	NoteResponse toResponse(NotesByOwnerRow row);

}
