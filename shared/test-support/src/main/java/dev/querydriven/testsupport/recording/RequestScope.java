package dev.querydriven.testsupport.recording;

import java.util.function.Supplier;

/**
 * The HTTP request a statement belongs to, carried in the Reactor context of the
 * request's processing ({@link RecordingWebFilter}).
 *
 * @param id the request's id (unique within the recorder)
 * @param route the request's route, read when a statement is recorded (the handler
 * mapping decides the route after the filter ran)
 */
public record RequestScope(String id, Supplier<String> route) {

	/** The Reactor context key under which a request's scope travels. */
	public static final String CONTEXT_KEY = RequestScope.class.getName();

}
