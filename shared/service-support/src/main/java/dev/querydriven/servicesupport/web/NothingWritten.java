package dev.querydriven.servicesupport.web;

/**
 * Marks an exception raised before a request wrote anything (a change refused because too
 * many are in flight, a change whose durable record could not be written): its 503 says
 * the request is safe to retry, whatever the operation.
 */
public interface NothingWritten {

}
