package dev.querydriven.servicesupport.production;

/**
 * One setting the {@code prod} profile refuses.
 *
 * @param property the property, as a deployment sets it (e.g.
 * {@code spring.cassandra.contact-points})
 * @param reason what is wrong with its value and what to set instead
 */
public record UnsafeSetting(String property, String reason) {

	@Override
	public String toString() {
		return this.property + ": " + this.reason;
	}

}
