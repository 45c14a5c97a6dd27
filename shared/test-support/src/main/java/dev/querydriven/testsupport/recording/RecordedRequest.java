package dev.querydriven.testsupport.recording;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The statements one HTTP request executed, in order of completion.
 *
 * @param requestId the request's id
 * @param route its route, e.g. {@code GET /orders/{orderId}}
 * @param statements what it executed
 */
public record RecordedRequest(String requestId, String route, List<RecordedStatement> statements) {

	public RecordedRequest {
		statements = List.copyOf(statements);
	}

	/**
	 * The distinct partitions the request read: the number a partition budget bounds. A
	 * partition read twice (a lightweight transaction's retry reads its row again) counts
	 * once. A lightweight transaction reads too: Paxos reads the partition on a quorum of
	 * replicas to evaluate its condition, so its partition counts here as well as among
	 * the partitions written. Reads whose partitions are unknown are counted as one each,
	 * per statement.
	 * @return the partitions read
	 */
	public Set<RecordedStatement.Partition> partitionsRead() {
		return partitions((statement) -> statement.read() || statement.lightweightTransaction());
	}

	/**
	 * The distinct partitions the request wrote (batches included).
	 * @return the partitions written
	 */
	public Set<RecordedStatement.Partition> partitionsWritten() {
		return partitions((statement) -> !statement.read());
	}

	private Set<RecordedStatement.Partition> partitions(Predicate<RecordedStatement> counted) {
		Set<RecordedStatement.Partition> partitions = new LinkedHashSet<>();
		for (RecordedStatement statement : this.statements) {
			if (!counted.test(statement)) {
				continue;
			}
			if (statement.partitions().isEmpty()) {
				partitions.add(new RecordedStatement.Partition(String.valueOf(statement.table()),
						List.of("unknown #" + statement.sequence())));
			}
			partitions.addAll(statement.partitions());
		}
		return partitions;
	}

}
