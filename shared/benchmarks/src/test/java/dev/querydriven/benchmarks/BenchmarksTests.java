package dev.querydriven.benchmarks;

import java.nio.file.Path;

import dev.querydriven.benchmarks.api.ServiceBenchmark;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The services' workloads are found in their build output, each service in a class loader
 * of its own, and never on this module's class path.
 */
class BenchmarksTests {

	private final Benchmarks benchmarks = Benchmarks.in(Path.of("../.."));

	@Test
	void findsEveryServiceInTheOrderItIsMeasured() {
		assertThat(this.benchmarks.all()).extracting(ServiceBenchmark::name)
			.containsExactlyElementsOf(Benchmarks.SERVICES);
	}

	@Test
	void loadsEachServiceWithItsTestClassesInALoaderOfItsOwn() {
		for (ServiceBenchmark service : this.benchmarks.all()) {
			ClassLoader loader = service.getClass().getClassLoader();
			assertThat(loader.getParent()).isSameAs(Benchmarks.class.getClassLoader());
			// Package-private access needs the workload and the service's classes in
			// one package of one loader.
			assertThat(service.application().getClassLoader()).as(service.name()).isSameAs(loader);
			assertThat(this.benchmarks.all()).filteredOn((other) -> other != service)
				.allSatisfy((other) -> assertThat(other.getClass().getClassLoader()).isNotSameAs(loader));
		}
	}

	@Test
	void leavesTheServicesOffThisModulesClassPath() {
		ClassLoader suite = Benchmarks.class.getClassLoader();
		for (ServiceBenchmark service : this.benchmarks.all()) {
			assertThatExceptionOfType(ClassNotFoundException.class)
				.isThrownBy(() -> Class.forName(service.application().getName(), false, suite));
		}
		assertThat(suite.getResource("application.yml")).isNull();
		assertThat(suite.getResource("cql")).isNull();
	}

	@Test
	void findsAWorkloadById() {
		assertThat(this.benchmarks.workload("social-feed/timeline").info().service()).isEqualTo("social-feed");
	}

}
