package dev.querydriven.benchmarks.api;

import java.util.List;
import java.util.Map;

import org.springframework.context.ApplicationContext;

/**
 * What the suite measures in one service: how to load its data and which requests to run
 * (its hottest read and write). Each service keeps this in one class of its test sources,
 * in one of its own packages (so that it may call package-private services the way its
 * tests do), small enough to update when the service changes, and names it in
 * {@code src/test/resources/META-INF/services/dev.querydriven.benchmarks.api.ServiceBenchmark},
 * where the suite finds it with {@link java.util.ServiceLoader}. A public class with a
 * public constructor taking no arguments, as a service provider must be.
 */
public interface ServiceBenchmark {

	/**
	 * The service's name, e.g. {@code social-feed}: its module's directory, its jar and
	 * its {@code spring.application.name}.
	 * @return the name
	 */
	String name();

	/**
	 * The service's keyspace (its role has the same name).
	 * @return the keyspace
	 */
	String keyspace();

	/**
	 * The service's {@code @SpringBootApplication} class.
	 * @return the class
	 */
	Class<?> application();

	/**
	 * Properties for the in-process service context, beyond the connection (demo data is
	 * always off).
	 * @return the properties
	 */
	default Map<String, String> properties() {
		return Map.of();
	}

	/**
	 * The requests to measure, hottest read first.
	 * @return the workloads
	 */
	List<Workload<?>> workloads();

	/**
	 * Loads the data set through the service's own classes (so that every copy is written
	 * as the service writes it), reporting progress.
	 * @param context the running service
	 * @param scale how much to load
	 * @param progress where to report progress
	 * @return the keys the workloads draw their inputs from
	 */
	DataSet load(ApplicationContext context, Scale scale, Progress progress);

	/**
	 * Receives progress reports of long-running work.
	 */
	@FunctionalInterface
	interface Progress {

		/**
		 * Reports progress.
		 * @param step what is being done
		 * @param done how many are done
		 * @param total how many there are
		 */
		void report(String step, long done, long total);

	}

}
