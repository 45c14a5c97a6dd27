package dev.querydriven.testsupport;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import dev.querydriven.testsupport.recording.RecordedRequest;
import dev.querydriven.testsupport.recording.StatementRecorder;

import org.springframework.context.ApplicationContext;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.reactive.result.method.RequestMappingInfo;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.pattern.PathPattern;

/**
 * Counts what a request really read, for the partition-budget tests of the services: the
 * distinct partitions one HTTP request read (through the {@link StatementRecorder
 * statement recorder}), and the routes an application serves, to hold against the routes
 * its catalogue declares.
 */
public final class RequestPartitions {

	private RequestPartitions() {
	}

	/**
	 * Runs one request and counts the distinct partitions it read, lightweight
	 * transactions' conditions included ({@link RecordedRequest#partitionsRead()}).
	 * @param recorder the application's statement recorder
	 * @param route the route the request must match, e.g. {@code GET /orders/{orderId}}
	 * @param request one HTTP exchange of that route (e.g. with {@code WebTestClient},
	 * asserting its status)
	 * @return the partitions it read; 0 for a request that executed no statement
	 * @throws AssertionError when statements of more than one request, or of another
	 * route, ran
	 */
	public static int read(StatementRecorder recorder, String route, Runnable request) {
		// The driver reports a statement after its response arrived, on its own threads:
		// a previous request's last statement may still be on its way, and must not be
		// counted with this one.
		if (!recorder.awaitQuiet(Duration.ofSeconds(10))) {
			throw new AssertionError("Statements of earlier requests were still running after 10 s");
		}
		StatementRecorder.Recording recording = recorder.record(request);
		List<RecordedRequest> requests = recording.requests(route);
		if (requests.isEmpty() && recording.requests().isEmpty()) {
			// The exchange ran (it asserted its answer) and executed nothing.
			return 0;
		}
		if (requests.size() != 1 || recording.requests().size() != 1) {
			throw new AssertionError("Expected one request of " + route + ", recorded "
					+ recording.requests().stream().map(RecordedRequest::route).toList());
		}
		return requests.get(0).partitionsRead().size();
	}

	/**
	 * Every route the application's controllers serve, as the statement recorder names
	 * them ({@code GET /orders/{orderId}}): the request mappings of the handlers in a
	 * package and below (leaving out the API document's own endpoints).
	 * @param context the application context
	 * @param basePackage the application's package, e.g.
	 * {@code dev.querydriven.ecommerceorders}
	 * @return the routes, sorted
	 */
	public static Set<String> routes(ApplicationContext context, String basePackage) {
		Set<String> routes = new TreeSet<>();
		for (RequestMappingHandlerMapping mapping : context.getBeansOfType(RequestMappingHandlerMapping.class)
			.values()) {
			mapping.getHandlerMethods().forEach((RequestMappingInfo info, HandlerMethod handler) -> {
				String handlerPackage = handler.getBeanType().getPackageName();
				if (!handlerPackage.equals(basePackage) && !handlerPackage.startsWith(basePackage + ".")) {
					return;
				}
				Set<RequestMethod> methods = info.getMethodsCondition().getMethods();
				if (methods.isEmpty()) {
					throw new AssertionError(handler + " answers every HTTP method: name its method, so that "
							+ "each route has one partition budget");
				}
				for (PathPattern pattern : info.getPatternsCondition().getPatterns()) {
					methods.forEach((method) -> routes.add(method.name() + " " + pattern.getPatternString()));
				}
			});
		}
		return routes;
	}

}
