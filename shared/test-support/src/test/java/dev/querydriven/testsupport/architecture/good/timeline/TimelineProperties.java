package dev.querydriven.testsupport.architecture.good.timeline;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * A feature's settings, as the convention has them.
 *
 * @param fanOutThreshold a setting
 */
@ConfigurationProperties("querydriven.good-service.timeline")
record TimelineProperties(int fanOutThreshold) {

}
