package dev.querydriven.servicesupport.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Whether sending an operation's request again is safe: it leaves the same state and gets
 * the same answer. By HTTP's rules, {@code GET}, {@code PUT} and {@code DELETE} are,
 * {@code POST} is not; a handler states otherwise with this annotation (a {@code POST}
 * carrying the client's own id for what it creates, so that a repeat finds it). The
 * OpenAPI document shows it on every operation ({@code x-idempotent}), and a 503 says a
 * retry is safe only where it is; a create that takes an {@code Idempotency-Key} is safe
 * to retry with the same key.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface Idempotent {

	/**
	 * Whether a repeat is safe.
	 * @return {@code true} when sending the same request again is safe
	 */
	boolean value() default true;

}
