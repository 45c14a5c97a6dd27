package dev.querydriven.testsupport.architecture.bad.timeline;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings in the right place under a name other than {@code TimelineProperties}.
 *
 * @param fanOutThreshold a setting
 */
@ConfigurationProperties("querydriven.bad-service.timeline")
record TimelineSettings(int fanOutThreshold) {

}
