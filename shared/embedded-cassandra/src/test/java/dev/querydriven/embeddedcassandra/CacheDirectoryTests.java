package dev.querydriven.embeddedcassandra;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cache directory follows the usual conventions and can be moved.
 */
class CacheDirectoryTests {

	/**
	 * A system property beats the environment, which beats XDG, which beats the home
	 * directory.
	 */
	@Test
	void resolvesInOrderOfPrecedence() {
		Properties properties = new Properties();
		properties.setProperty("user.home", "/home/ada");
		assertThat(CacheDirectory.resolve(properties, Map.of())).isEqualTo(Path.of("/home/ada/.cache/query-driven"));
		assertThat(CacheDirectory.resolve(properties, Map.of("XDG_CACHE_HOME", "/xdg")))
			.isEqualTo(Path.of("/xdg/query-driven"));
		assertThat(
				CacheDirectory.resolve(properties, Map.of("XDG_CACHE_HOME", "/xdg", "QUERYDRIVEN_CACHE_DIR", "/env")))
			.isEqualTo(Path.of("/env"));
		properties.setProperty("querydriven.cache-dir", "/prop");
		assertThat(CacheDirectory.resolve(properties, Map.of("QUERYDRIVEN_CACHE_DIR", "/env")))
			.isEqualTo(Path.of("/prop"));
	}

}
