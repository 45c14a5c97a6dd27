package dev.querydriven.testsupport;

import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.cassandra.autoconfigure.CassandraConnectionDetails;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Registers {@link TestCassandraConnectionDetails}, which replaces both the embedded dev
 * default and any configured contact points, and captures Cassandra warnings from the
 * context's start.
 */
final class CassandraTestContextCustomizer implements ContextCustomizer {

	@Override
	public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration mergedConfig) {
		CassandraWarnings.capture();
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
