package dev.querydriven.benchmarks.layers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Path;

import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.core.io.Resource;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;

/**
 * Keeps the service's test classes out of its component scan in a layer JVM. They are on
 * its class path because the workloads are among them, but so are the tests' own beans:
 * social-feed's test fixtures are a {@code @Component} of the service's package, which
 * the service's {@code @SpringBootApplication} would scan into the context measured here.
 * Spring Boot's test support leaves out only test configurations and test classes (and is
 * not on the full run's class path): this filter leaves out every class of the directory
 * the workloads were loaded from. The application's scan asks every
 * {@link TypeExcludeFilter} bean.
 */
final class TestClassesExcludeFilter extends TypeExcludeFilter {

	private final Path testClasses;

	/**
	 * A filter leaving out every class of the directory a workload class was loaded from.
	 * @param workload a class of the service's test classes
	 */
	TestClassesExcludeFilter(Class<?> workload) {
		try {
			this.testClasses = Path.of(workload.getProtectionDomain().getCodeSource().getLocation().toURI());
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public boolean match(MetadataReader metadataReader, MetadataReaderFactory metadataReaderFactory) {
		Resource resource = metadataReader.getResource();
		try {
			return resource.isFile() && resource.getFile().toPath().startsWith(this.testClasses);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof TestClassesExcludeFilter filter && filter.testClasses.equals(this.testClasses);
	}

	@Override
	public int hashCode() {
		return this.testClasses.hashCode();
	}

}
