package dev.querydriven.servicesupport.json;

import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Scope;
import org.springframework.core.annotation.Order;

/**
 * Makes the application's {@link JsonMapper} (which the WebFlux codecs use) read JSON
 * strictly, see {@link StrictJson}. The rules are a {@link JsonMapperBuilderCustomizer};
 * the parser limits need a builder made from a limited parser factory, which a customizer
 * cannot swap in, so the builder is defined here exactly as Spring Boot defines it, with
 * that one difference.
 */
@AutoConfiguration(before = JacksonAutoConfiguration.class)
@ConditionalOnClass(JsonMapper.class)
public final class StrictJsonAutoConfiguration {

	@Bean
	@Scope(ConfigurableBeanFactory.SCOPE_PROTOTYPE)
	@ConditionalOnMissingBean
	JsonMapper.Builder jsonMapperBuilder(ObjectProvider<JsonMapperBuilderCustomizer> customizers) {
		JsonMapper.Builder builder = JsonMapper.builder(StrictJson.factory());
		customizers.orderedStream().forEach((customizer) -> customizer.customize(builder));
		return builder;
	}

	/**
	 * Runs after Spring Boot's own customizer (which applies {@code spring.jackson.*}),
	 * so that properties cannot quietly loosen the rules; a service relaxes a rule with a
	 * customizer of its own, ordered after this one.
	 * @return the customizer
	 */
	@Bean
	@Order(0)
	JsonMapperBuilderCustomizer strictJsonMapperBuilderCustomizer() {
		return StrictJson::configure;
	}

}
