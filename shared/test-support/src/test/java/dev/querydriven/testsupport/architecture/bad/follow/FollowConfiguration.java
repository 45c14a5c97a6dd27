package dev.querydriven.testsupport.architecture.bad.follow;

import dev.querydriven.testsupport.architecture.bad.seed.SeedProperties;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Settings registered the two ways the convention leaves out.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SeedProperties.class)
class FollowConfiguration {

	@Bean
	@ConfigurationProperties("querydriven.bad-service.follow")
	FollowSettings followSettings() {
		return new FollowSettings();
	}

	static class FollowSettings {

	}

}
