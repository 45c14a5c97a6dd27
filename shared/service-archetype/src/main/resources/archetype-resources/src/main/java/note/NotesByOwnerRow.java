package ${package}.note;

import java.util.UUID;

import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.mapping.CassandraType;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.CLUSTERED;
import static org.springframework.data.cassandra.core.cql.PrimaryKeyType.PARTITIONED;

/**
 * Q1: a row of {@code notes_by_owner}, one partition per owner, newest note first.
 *
 * @param ownerId the owner (partition key)
 * @param noteId the note: a {@code timeuuid}, its creation time and its identity
 * (clustering key, descending)
 * @param noteText the note
 */
@Table("notes_by_owner")
public record NotesByOwnerRow(@PrimaryKeyColumn(name = "owner_id", ordinal = 0, type = PARTITIONED) UUID ownerId,
		@PrimaryKeyColumn(name = "note_id", ordinal = 1, type = CLUSTERED,
				ordering = Ordering.DESCENDING) @CassandraType(type = CassandraType.Name.TIMEUUID) UUID noteId,
		@Column("note_text") String noteText) {

}
