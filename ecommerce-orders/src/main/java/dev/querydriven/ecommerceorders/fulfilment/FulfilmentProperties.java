package dev.querydriven.ecommerceorders.fulfilment;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the fulfilment queue ({@code querydriven.ecommerce-orders.fulfilment.*}).
 *
 * @param writeWindow the longest a queue write may take from choosing its day to landing
 * on the replicas, clock skew between instances included. A day is closed (no new order
 * lands in it) once it ended this long ago, and a writer protects an older day for twice
 * this long. A write that outlives it anyway re-checks the watermark afterwards.
 * @param advancer the background job moving watermarks forward
 */
@ConfigurationProperties("querydriven.ecommerce-orders.fulfilment")
public record FulfilmentProperties(@DefaultValue("2m") Duration writeWindow, @DefaultValue Advancer advancer) {

	/**
	 * The watermark advancer.
	 *
	 * @param enabled whether it runs (tests drive it by hand)
	 * @param interval the pause between two runs
	 */
	public record Advancer(@DefaultValue("true") boolean enabled, @DefaultValue("1m") Duration interval) {

	}

}
