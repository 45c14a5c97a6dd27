package dev.querydriven.testsupport;

import java.util.Map;

import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.cassandra.autoconfigure.CassandraConnectionDetails;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.test.context.support.TestPropertySourceUtils;

/**
 * Registers {@link TestCassandraConnectionDetails}, which replaces both the embedded dev
 * default and any configured contact points, and captures Cassandra warnings from the
 * context's start.
 */
final class CassandraTestContextCustomizer implements ContextCustomizer {

	/**
	 * Defaults for every test application: demo-data seeders stay off, and requests get a
	 * timeout that a busy 2-core CI runner cannot trip by mere slowness (2 s is Boot's
	 * default). They rank above the application's own configuration and below the test's
	 * inlined properties.
	 */
	private static final Map<String, Object> TEST_DEFAULTS = Map.of("querydriven.seed.enabled", "false",
			"spring.cassandra.request.timeout", "10s");

	@Override
	public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration mergedConfig) {
		CassandraWarnings.capture();
		MutablePropertySources sources = context.getEnvironment().getPropertySources();
		MapPropertySource defaults = new MapPropertySource("querydrivenTestDefaults", TEST_DEFAULTS);
		if (sources.contains(TestPropertySourceUtils.INLINED_PROPERTIES_PROPERTY_SOURCE_NAME)) {
			sources.addAfter(TestPropertySourceUtils.INLINED_PROPERTIES_PROPERTY_SOURCE_NAME, defaults);
		}
		else {
			sources.addFirst(defaults);
		}
		if (context.getBeanFactory() instanceof BeanDefinitionRegistry registry) {
			RootBeanDefinition definition = new RootBeanDefinition(CassandraConnectionDetails.class,
					() -> new TestCassandraConnectionDetails(context.getEnvironment()));
			registry.registerBeanDefinition("testCassandraConnectionDetails", definition);
		}
	}

	@Override
	public boolean equals(Object other) {
		return other != null && other.getClass() == getClass();
	}

	@Override
	public int hashCode() {
		return getClass().hashCode();
	}

}
