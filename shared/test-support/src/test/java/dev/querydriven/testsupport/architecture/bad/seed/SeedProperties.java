package dev.querydriven.testsupport.architecture.bad.seed;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings outside the service's name.
 *
 * @param enabled a setting
 */
@ConfigurationProperties("querydriven.seed")
public record SeedProperties(boolean enabled) {

}
