package dev.querydriven.blogplatform;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modeling.dualwrite.DualWriter;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The shared modeling library's writers, as beans.
 */
@Configuration(proxyBeanMethods = false)
class ModelingConfiguration {

	/**
	 * Writes every copy of a post with one client timestamp, idempotently, retrying
	 * failed statements.
	 * @param session the service's session
	 * @return the writer
	 */
	@Bean
	DualWriter dualWriter(CqlSession session) {
		return new DualWriter(session);
	}

}
