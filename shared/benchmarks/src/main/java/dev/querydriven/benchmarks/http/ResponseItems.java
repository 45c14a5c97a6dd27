package dev.querydriven.benchmarks.http;

import java.net.http.HttpResponse;
import java.util.List;

import dev.querydriven.benchmarks.api.DataSet;
import dev.querydriven.benchmarks.api.HttpCall;
import dev.querydriven.benchmarks.api.Workload;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a read returns over HTTP, input by input, asked once each before any window: a
 * layer that returned fewer rows would do less work than the query, and its ratio to
 * another layer would compare unequal work. The count is of the items in the response: a
 * page's {@code items}, an array's elements, or one for a single object.
 */
public final class ResponseItems {

	private static final JsonMapper json = JsonMapper.builder().build();

	private ResponseItems() {
	}

	/**
	 * Asks a service for each input of a read once.
	 * @param <I> the workload's input
	 * @param workload the read
	 * @param data the loaded data
	 * @param samples how many inputs (the first ones, as every layer cycles through them)
	 * @param baseUrl the service's address
	 * @return the items of each input's response, in order
	 */
	public static <I> List<Integer> probe(Workload<I> workload, DataSet data, int samples, String baseUrl) {
		CallerTokens tokens = CallerTokens.of(workload.info().service());
		return Asking.eachInput(samples, (i) -> {
			HttpCall call = workload.http(workload.input(i, data));
			HttpResponse<String> response = Asking.send(baseUrl, "GET", call, tokens);
			if (response.statusCode() != 200) {
				throw new IllegalStateException(workload.info().id() + ": input " + i + " answered "
						+ response.statusCode() + ": " + response.body());
			}
			return count(json.readTree(response.body()));
		});
	}

	/**
	 * The items of one response.
	 * @param body the response's body
	 * @return a page's items, an array's elements, or one
	 */
	static int count(JsonNode body) {
		if (body.isArray()) {
			return body.size();
		}
		JsonNode items = body.get("items");
		return (items != null && items.isArray()) ? items.size() : 1;
	}

}
