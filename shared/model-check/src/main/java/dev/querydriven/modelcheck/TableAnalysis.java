package dev.querydriven.modelcheck;

import java.util.List;

import dev.querydriven.modelcheck.catalog.SizingFacts;

/**
 * What the check found out about one table of the keyspace.
 *
 * @param name the table
 * @param columns its columns, primary key first
 * @param comment the table's {@code comment} option
 * @param queries the ids of the catalogued statements reading it: its queries, and the
 * lightweight transactions whose condition reads it
 * @param conditionReads of those, the lightweight transactions (written by the statement,
 * read by its condition)
 * @param infrastructure why it serves no query, when declared infrastructure; else
 * {@code null}
 * @param facts the declared sizing facts, or {@code null}
 * @param growth how the partition grows, e.g. {@code bounded by the bucket (date, hour)}
 * @param estimate the partition-size estimate, or {@code null} when it cannot be made
 * @param distribution the ring simulation, or {@code null} without facts
 */
public record TableAnalysis(String name, List<ColumnInfo> columns, String comment, List<String> queries,
		List<String> conditionReads, String infrastructure, SizingFacts facts, String growth,
		PartitionEstimate estimate, RingDistribution distribution) {

	public TableAnalysis {
		columns = List.copyOf(columns);
		queries = List.copyOf(queries);
		conditionReads = List.copyOf(conditionReads);
	}

}
