package dev.querydriven.testsupport.inspector;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.querydriven.testsupport.recording.RecordedStatement;

/**
 * One HTTP request as the inspector keeps it: filled in while it runs (its statements
 * arrive from the driver's threads, some just after the answer was sent).
 */
final class InspectedRequest {

	private final String id;

	private final String method;

	private final String path;

	private final Instant startedAt;

	private final int maxStatements;

	private final List<RecordedStatement> statements = new ArrayList<>();

	private int dropped;

	private volatile String route;

	private volatile Integer status;

	private volatile Long durationMicros;

	InspectedRequest(String id, String method, String path, Instant startedAt, int maxStatements) {
		this.id = id;
		this.method = method;
		this.path = path;
		this.startedAt = startedAt;
		this.maxStatements = maxStatements;
	}

	String id() {
		return this.id;
	}

	String method() {
		return this.method;
	}

	String path() {
		return this.path;
	}

	Instant startedAt() {
		return this.startedAt;
	}

	String route() {
		return this.route;
	}

	Integer status() {
		return this.status;
	}

	Long durationMicros() {
		return this.durationMicros;
	}

	synchronized void add(RecordedStatement statement) {
		if (this.statements.size() < this.maxStatements) {
			this.statements.add(statement);
		}
		else {
			this.dropped++;
		}
	}

	synchronized List<RecordedStatement> statements() {
		return List.copyOf(this.statements);
	}

	synchronized int dropped() {
		return this.dropped;
	}

	void completed(String route, Integer status, long durationMicros) {
		this.route = route;
		this.status = status;
		this.durationMicros = durationMicros;
	}

}
