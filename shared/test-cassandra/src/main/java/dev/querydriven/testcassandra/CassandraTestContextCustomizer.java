package dev.querydriven.testcassandra;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.querydriven.servicesupport.cassandra.CassandraMigratorConnectionDetails;

import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.test.context.support.TestPropertySourceUtils;

/**
 * Registers {@link TestCassandraConnectionDetails}, which replaces both the embedded dev
 * default and any configured contact points, and the keyspace's migrator login for the
 * schema migrations; turns the application's demo data off and captures Cassandra
 * warnings from the context's start.
 */
final class CassandraTestContextCustomizer implements ContextCustomizer {

	@Override
	public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration mergedConfig) {
		CassandraWarnings.capture();
		MutablePropertySources sources = context.getEnvironment().getPropertySources();
		MapPropertySource defaults = new MapPropertySource("querydrivenTestDefaults",
				testDefaults(context.getEnvironment()));
		if (sources.contains(TestPropertySourceUtils.INLINED_PROPERTIES_PROPERTY_SOURCE_NAME)) {
			sources.addAfter(TestPropertySourceUtils.INLINED_PROPERTIES_PROPERTY_SOURCE_NAME, defaults);
		}
		else {
			sources.addFirst(defaults);
		}
		if (context.getBeanFactory() instanceof BeanDefinitionRegistry registry) {
			RootBeanDefinition definition = new RootBeanDefinition(TestCassandraConnectionDetails.class,
					() -> new TestCassandraConnectionDetails(context.getEnvironment()));
			registry.registerBeanDefinition("testCassandraConnectionDetails", definition);
			// The schema migrations log in as the keyspace's migrator, as in production.
			RootBeanDefinition migrator = new RootBeanDefinition(CassandraMigratorConnectionDetails.class,
					() -> context.getBean(TestCassandraConnectionDetails.class).migrator());
			registry.registerBeanDefinition("testCassandraMigratorConnectionDetails", migrator);
		}
	}

	/**
	 * Defaults for every test application: its demo-data seeder stays off, and requests
	 * get a timeout that a busy 2-core CI runner cannot trip by mere slowness (2 s is
	 * Boot's default). They rank above the application's own configuration and below the
	 * test's inlined properties.
	 * @param environment the test application's environment, its configuration files and
	 * the test's inlined properties already loaded
	 * @return the defaults
	 */
	private static Map<String, Object> testDefaults(Environment environment) {
		Map<String, Object> defaults = new LinkedHashMap<>();
		defaults.put("spring.cassandra.request.timeout", "10s");
		// A service's seeder is switched by a property named after the service; the name
		// is in the service's application.yml, which the environment holds by now.
		String application = environment.getProperty("spring.application.name");
		if (application != null) {
			defaults.put(seedSwitch(application), "false");
		}
		return defaults;
	}

	/**
	 * The property that switches a service's demo-data seeder.
	 * @param application the service's {@code spring.application.name}
	 * @return {@code querydriven.<application>.seed.enabled}
	 */
	private static String seedSwitch(String application) {
		return "querydriven." + application + ".seed.enabled";
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
