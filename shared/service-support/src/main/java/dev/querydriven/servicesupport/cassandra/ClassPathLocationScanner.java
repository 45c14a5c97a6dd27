package dev.querydriven.servicesupport.cassandra;

import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashSet;
import java.util.Set;

import org.cognitor.cassandra.migration.scanner.LocationScanner;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * Finds migration files inside jars with Spring's resource resolver, which understands
 * the nested jars of an executable Spring Boot jar ({@code jar:nested:...}); the
 * migration library's own jar scanner only understands plain jar files.
 */
final class ClassPathLocationScanner implements LocationScanner {

	private final PathMatchingResourcePatternResolver resolver = new PathMatchingResourcePatternResolver();

	@Override
	public Set<String> findResourceNames(String location, URI locationUri) throws IOException {
		String root = locationUri.toString();
		Set<String> names = new LinkedHashSet<>();
		for (Resource resource : this.resolver.getResources(root + "**/*.cql")) {
			String url = resource.getURL().toString();
			if (url.startsWith(root)) {
				names.add(location + url.substring(root.length()));
			}
		}
		return names;
	}

}
