package dev.querydriven.testsupport.recording;

/**
 * One event of a statement's trace, as Cassandra wrote it to
 * {@code system_traces.events}.
 *
 * @param source the node that did it
 * @param activity what it did ({@code Read 20 live rows and 0 tombstone cells}, ...)
 * @param elapsedMicros when, from the start of the statement on that node
 */
public record TraceEvent(String source, String activity, int elapsedMicros) {

}
