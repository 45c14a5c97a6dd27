package dev.querydriven.benchmarks.http;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import dev.querydriven.benchmarks.api.DataSet;
import dev.querydriven.benchmarks.api.HttpCall;
import dev.querydriven.benchmarks.api.Workload;
import dev.querydriven.benchmarks.report.PeerCheck;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Holds a lean peer's answers against its service's, input by input, before either is
 * timed: a peer that answered differently would be measured doing other work. A read's
 * answers must be equal as JSON (a page's cursor is compared by its presence only: each
 * server signs with a key of its own); a write's must have the same status and, for a
 * JSON body, the same fields (a write's answer carries what it created, new each time).
 */
public final class PeerAnswers {

	/** The field of a page that carries its cursor. */
	static final String CURSOR = "next";

	private static final JsonMapper json = JsonMapper.builder().build();

	private PeerAnswers() {
	}

	/**
	 * Sends each input of a request to the service and to its peer, once each.
	 * @param <I> the workload's input
	 * @param workload the request
	 * @param data the loaded data
	 * @param samples how many inputs (the first ones, as every layer cycles through them)
	 * @param serviceUrl the service's address
	 * @param peerUrl the peer's address
	 * @return how many inputs were compared, and the first difference, if any
	 */
	public static <I> PeerCheck compare(Workload<I> workload, DataSet data, int samples, String serviceUrl,
			String peerUrl) {
		CallerTokens tokens = CallerTokens.of(workload.info().service());
		List<String> differences = Asking.eachInput(samples, (i) -> {
			HttpCall call = workload.http(workload.input(i, data));
			// A write's input carries the ids it creates: the same order sent twice would
			// be a retry the second time, answered as one. Each server gets its own.
			HttpCall peerCall = workload.info().writes() ? workload.http(workload.input(i, data)) : call;
			HttpResponse<String> service = Asking.send(serviceUrl, workload.info().method(), call, tokens);
			HttpResponse<String> peer = Asking.send(peerUrl, workload.info().method(), peerCall, tokens);
			String difference = difference(workload.info().writes(), service.statusCode(), service.body(),
					peer.statusCode(), peer.body());
			return (difference != null) ? "input " + i + " (" + call.path() + "): " + difference : null;
		});
		for (String difference : differences) {
			if (difference != null) {
				return new PeerCheck(samples, difference);
			}
		}
		return new PeerCheck(samples, null);
	}

	/**
	 * How a peer's answer differs from its service's.
	 * @param write whether the request writes
	 * @param serviceStatus the service's status
	 * @param serviceBody the service's body
	 * @param peerStatus the peer's status
	 * @param peerBody the peer's body
	 * @return the difference in words, or {@code null} for equal answers
	 */
	static String difference(boolean write, int serviceStatus, String serviceBody, int peerStatus, String peerBody) {
		if (serviceStatus != peerStatus) {
			return "status " + peerStatus + " where the service answered " + serviceStatus + " (" + peerBody + ")";
		}
		JsonNode expected = parse(serviceBody);
		JsonNode actual = parse(peerBody);
		if (expected == null || actual == null) {
			return (expected == null && actual == null) ? null : "a body where the other answered none";
		}
		if (write) {
			TreeSet<String> expectedFields = fields(expected);
			TreeSet<String> actualFields = fields(actual);
			return expectedFields.equals(actualFields) ? null
					: "fields " + actualFields + " where the service answered " + expectedFields;
		}
		JsonNode expectedItems = withoutCursorValue(expected);
		JsonNode actualItems = withoutCursorValue(actual);
		return expectedItems.equals(actualItems) ? null : actual + " where the service answered " + expected;
	}

	private static JsonNode parse(String body) {
		return (body == null || body.isBlank()) ? null : json.readTree(body);
	}

	private static TreeSet<String> fields(JsonNode node) {
		TreeSet<String> names = new TreeSet<>();
		for (Map.Entry<String, JsonNode> entry : node.properties()) {
			names.add(entry.getKey());
		}
		return names;
	}

	/** A page with its cursor's value replaced by whether it has one. */
	private static JsonNode withoutCursorValue(JsonNode node) {
		if (!(node instanceof ObjectNode object) || !object.has(CURSOR)) {
			return node;
		}
		ObjectNode copy = object.deepCopy();
		copy.put(CURSOR, !object.get(CURSOR).isNull());
		return copy;
	}

}
