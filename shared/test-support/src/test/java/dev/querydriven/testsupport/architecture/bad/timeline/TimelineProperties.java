package dev.querydriven.testsupport.architecture.bad.timeline;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings in a class, not a record.
 */
@ConfigurationProperties("querydriven.bad-service.timeline")
class TimelineProperties {

}
