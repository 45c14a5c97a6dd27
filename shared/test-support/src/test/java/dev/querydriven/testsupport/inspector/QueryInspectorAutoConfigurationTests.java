package dev.querydriven.testsupport.inspector;

import dev.querydriven.testsupport.recording.StatementRecorder;
import dev.querydriven.testsupport.recording.StatementRecorderAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.web.server.SecurityWebFilterChain;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The inspector is on in a dev run, and off when the service points at a real cluster or
 * when switched off.
 */
class QueryInspectorAutoConfigurationTests {

	private final ReactiveWebApplicationContextRunner runner = new ReactiveWebApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(StatementRecorderAutoConfiguration.class, QueryInspectorAutoConfiguration.class))
		.withBean(ServerCodecConfigurer.class, ServerCodecConfigurer::create)
		.withUserConfiguration(Security.class);

	/** A dev run (no contact points) serves it, with the recorder it reads. */
	@Test
	void aDevRunServesIt() {
		this.runner.run((context) -> assertThat(context).hasSingleBean(QueryInspector.class)
			.hasSingleBean(StatementRecorder.class)
			.hasBean("inspectorSecurity")
			.hasBean("inspectorHandlerMapping"));
	}

	/** A service pointed at a cluster never serves it, nor records anything. */
	@Test
	void contactPointsTurnItOff() {
		this.runner.withPropertyValues("spring.cassandra.contact-points=10.0.0.1:9042")
			.run((context) -> assertThat(context).doesNotHaveBean(QueryInspector.class)
				.doesNotHaveBean(StatementRecorder.class)
				.doesNotHaveBean(InspectorWebFilter.class));
	}

	/** The flag turns it off. */
	@Test
	void theFlagTurnsItOff() {
		this.runner.withPropertyValues("querydriven.inspector.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(QueryInspector.class)
				.doesNotHaveBean(StatementRecorder.class)
				.doesNotHaveBean("inspectorSecurity"));
	}

	/** Tests asking for the recorder get it, with the inspector off. */
	@Test
	void testsGetTheRecorderWithoutTheInspector() {
		this.runner
			.withPropertyValues("querydriven.inspector.enabled=false", "querydriven.statement-recorder.enabled=true")
			.run((context) -> assertThat(context).doesNotHaveBean(QueryInspector.class)
				.hasSingleBean(StatementRecorder.class));
	}

	/** The application's own chain, as every service has. */
	@Configuration(proxyBeanMethods = false)
	@EnableWebFluxSecurity
	static class Security {

		@Bean
		SecurityWebFilterChain application(ServerHttpSecurity http) {
			return http.authorizeExchange((exchanges) -> exchanges.anyExchange().denyAll()).build();
		}

	}

}
