package dev.querydriven.embeddedcassandra;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * Where Query-Driven keeps files that outlive a build: the unpacked Cassandra
 * distribution and the data of dev runs. {@code -Dquerydriven.cache-dir}, then
 * {@code QUERYDRIVEN_CACHE_DIR}, then {@code $XDG_CACHE_HOME/query-driven}, then
 * {@code ~/.cache/query-driven}.
 */
public final class CacheDirectory {

	private CacheDirectory() {
	}

	/**
	 * The cache directory of this user.
	 * @return the directory (not necessarily existing yet)
	 */
	public static Path resolve() {
		return resolve(System.getProperties(), System.getenv());
	}

	static Path resolve(Properties systemProperties, Map<String, String> environment) {
		String configured = systemProperties.getProperty("querydriven.cache-dir");
		if (configured == null || configured.isBlank()) {
			configured = environment.get("QUERYDRIVEN_CACHE_DIR");
		}
		if (configured != null && !configured.isBlank()) {
			return Path.of(configured);
		}
		String xdg = environment.get("XDG_CACHE_HOME");
		Path base = (xdg != null && !xdg.isBlank()) ? Path.of(xdg)
				: Path.of(systemProperties.getProperty("user.home"), ".cache");
		return base.resolve("query-driven");
	}

}
