package dev.querydriven.benchmarks.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What recording a write's intent costs, measured with the raw driver: the request's
 * captured statements replayed as they are, and again without the intent's insert into
 * {@code write_intents} before the source (its completion, written after the answer, is
 * in neither), in two windows of the same layer JVM, one right after the other.
 *
 * @param statementsPerRequest the statements one request executes, intents included (a
 * batch counts as one), on average
 * @param intents the intent statements one request executes, by text, on average
 * @param intentsPerRequest the intent statements one request executes, on average
 * @param share the intents' share of the request's statements
 * @param throughputRatio the raw driver's throughput divided by the raw driver's without
 * intents (below 1: what the intents cost)
 * @param p50Ratio the raw driver's median latency divided by the raw driver's without
 * intents (above 1: what the intents cost)
 */
public record IntentCost(double statementsPerRequest, Map<String, Double> intents, double intentsPerRequest,
		double share, double throughputRatio, double p50Ratio) {

	public IntentCost {
		intents = Map.copyOf(intents);
	}

	/**
	 * The cost of the intents, from what the two replays execute and their windows.
	 * @param withIntents the statements one request executes, by text, per request
	 * @param withoutIntents the same without the intents' statements
	 * @param driver the raw driver's window
	 * @param driverWithoutIntents the window of the raw driver without intents
	 * @return the cost
	 */
	public static IntentCost of(Map<String, Double> withIntents, Map<String, Double> withoutIntents, Run driver,
			Run driverWithoutIntents) {
		Map<String, Double> intents = new LinkedHashMap<>();
		withIntents.forEach((text, count) -> {
			double dropped = count - withoutIntents.getOrDefault(text, 0.0);
			// Both are averages over the same requests: a statement the filter kept
			// differs by a rounding error at most.
			if (dropped > 1e-9) {
				intents.put(text, dropped);
			}
		});
		double statements = sum(withIntents);
		double dropped = statements - sum(withoutIntents);
		return new IntentCost(statements, intents, dropped, dropped / statements,
				driver.outcome().throughput() / driverWithoutIntents.outcome().throughput(),
				driver.outcome().latency().p50() / driverWithoutIntents.outcome().latency().p50());
	}

	private static double sum(Map<String, Double> counts) {
		return counts.values().stream().mapToDouble(Double::doubleValue).sum();
	}

}
