package dev.querydriven.servicesupport.data;

import com.datastax.oss.driver.api.core.cql.Statement;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

import org.springframework.data.cassandra.ReactiveResultSet;

/**
 * Sees every statement the application executes through Spring Data (templates,
 * repositories, the CQL template, the dual writer's executor) as it is sent, with the
 * Reactor context of the code that executes it. The statement recorder uses it to
 * attribute each statement to the HTTP request that caused it; tests use it to inject a
 * failure into one table's statements (before they reach the node, or after, to lose an
 * answer). An error reaches the caller as the database's own would: Spring Data
 * translates it like any driver exception.
 */
@FunctionalInterface
public interface StatementInterceptor {

	/**
	 * Called for each statement; proceeds (or not) through the chain.
	 * @param statement the statement
	 * @param context the Reactor context of its execution
	 * @param chain the rest of the interceptors, then the driver
	 * @return the result set
	 */
	Mono<ReactiveResultSet> intercept(Statement<?> statement, ContextView context, Chain chain);

	/**
	 * The rest of the way to the node.
	 */
	@FunctionalInterface
	interface Chain {

		/**
		 * Sends the statement on.
		 * @param statement the statement
		 * @return the result set
		 */
		Mono<ReactiveResultSet> proceed(Statement<?> statement);

	}

}
