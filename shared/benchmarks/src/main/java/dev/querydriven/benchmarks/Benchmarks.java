package dev.querydriven.benchmarks;

import java.util.List;

import dev.querydriven.blogplatform.post.BlogPlatformBenchmark;
import dev.querydriven.ecommerceorders.user.EcommerceOrdersBenchmark;
import dev.querydriven.iotsensors.reading.IotSensorsBenchmark;
import dev.querydriven.socialfeed.timeline.SocialFeedBenchmark;

/**
 * The services the suite measures, in the order it measures them.
 */
public final class Benchmarks {

	private static final List<ServiceBenchmark> ALL = List.of(new SocialFeedBenchmark(), new EcommerceOrdersBenchmark(),
			new IotSensorsBenchmark(), new BlogPlatformBenchmark());

	private Benchmarks() {
	}

	/**
	 * Every service.
	 * @return the services
	 */
	public static List<ServiceBenchmark> all() {
		return ALL;
	}

	/**
	 * A service by name.
	 * @param name e.g. {@code social-feed}
	 * @return the service
	 */
	public static ServiceBenchmark named(String name) {
		return ALL.stream()
			.filter((service) -> service.name().equals(name))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("No benchmark for a service named " + name));
	}

	/**
	 * A workload by id, from a new instance of its service's definitions.
	 * @param id e.g. {@code social-feed/timeline}
	 * @return the workload
	 */
	public static Workload<?> workload(String id) {
		return named(id.substring(0, id.indexOf('/'))).workloads()
			.stream()
			.filter((workload) -> workload.info().id().equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("No workload " + id));
	}

}
