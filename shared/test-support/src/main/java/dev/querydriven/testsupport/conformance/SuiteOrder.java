package dev.querydriven.testsupport.conformance;

import org.junit.jupiter.api.Order;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where a suite that compares the whole test run with the catalogue runs among its
 * module's test classes: after the others, which make the service execute its statements.
 * It needs its {@code @Order} and the class orderer set in the module's
 * {@code junit-platform.properties}; without them it would run in the middle and judge
 * half a run.
 */
final class SuiteOrder {

	private SuiteOrder() {
	}

	/**
	 * Fails unless the suite carries the given order.
	 * @param suite the service's subclass
	 * @param order the value its {@code @Order} must have
	 * @param written the same value as the subclass writes it, e.g.
	 * {@code Integer.MAX_VALUE - 1}
	 * @param when when it runs, in words
	 */
	static void assertOrder(Class<?> suite, int order, String written, String when) {
		assertThat(suite.getAnnotation(Order.class))
			.as("%s runs %s: @Order(%s), with the class orderer set in junit-platform.properties",
					suite.getSimpleName(), when, written)
			.isNotNull()
			.extracting(Order::value)
			.isEqualTo(order);
	}

}
