package dev.querydriven.testsupport.recording;

import java.util.List;

import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import com.datastax.oss.driver.api.core.cql.Row;
import reactor.core.publisher.Flux;

import org.springframework.data.cassandra.ReactiveResultSet;

/**
 * A result set that counts the rows its caller reads into the statement's
 * {@link StatementExecution}, changing nothing else: the same rows, pages and metadata.
 */
final class CountingResultSet implements ReactiveResultSet {

	private final ReactiveResultSet delegate;

	private final StatementExecution execution;

	CountingResultSet(ReactiveResultSet delegate, StatementExecution execution) {
		this.delegate = delegate;
		this.execution = execution;
	}

	@Override
	public Flux<Row> rows() {
		return this.delegate.rows().doOnNext((row) -> this.execution.read());
	}

	@Override
	public Flux<Row> availableRows() {
		return this.delegate.availableRows().doOnNext((row) -> this.execution.read());
	}

	@Override
	public ColumnDefinitions getColumnDefinitions() {
		return this.delegate.getColumnDefinitions();
	}

	@Override
	public boolean wasApplied() {
		return this.delegate.wasApplied();
	}

	@Override
	public ExecutionInfo getExecutionInfo() {
		return this.delegate.getExecutionInfo();
	}

	@Override
	public List<ExecutionInfo> getAllExecutionInfo() {
		return this.delegate.getAllExecutionInfo();
	}

}
