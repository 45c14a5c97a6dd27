package dev.querydriven.modeling.spring;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the dual writer ({@code querydriven.dual-write.*}).
 *
 * @param reconcileInterval the pause between two reconciliation passes: how long a copy
 * whose write outlived its retries stays behind at most, while the database answers
 * @param reconcilerCapacity the most failed copy writes held for replay at once; beyond
 * it new ones are dropped (logged with their statements) and the health turns DOWN
 * @param lastPassTimeout how long a graceful shutdown waits for the reconciler's last
 * pass over the failed copy writes still queued
 */
@ConfigurationProperties("querydriven.dual-write")
record ModelingProperties(@DefaultValue("5s") Duration reconcileInterval, @DefaultValue("10000") int reconcilerCapacity,
		@DefaultValue("20s") Duration lastPassTimeout) {

}
