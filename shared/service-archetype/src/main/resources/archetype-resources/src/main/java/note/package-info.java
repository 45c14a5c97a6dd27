/**
 * An owner's notes, newest first (Q1): {@code notes_by_owner}, partitioned by owner and
 * clustered by the note's {@code timeuuid}, descending.
 *
 * <p>
 * The query came first: "the latest notes of one owner" names the partition key (the
 * owner, so a page is one partition) and the order (newest first, so the clustering
 * column is a time-ordered id, stored descending). The {@code timeuuid} is both the time
 * and the identity of a note, so two notes of the same millisecond are two rows, and a
 * page continues after the last id it read with one comparison. The partition is not
 * bucketed: an owner writes at human speed (see the catalogue's sizing facts).
 */
package ${package}.note;
