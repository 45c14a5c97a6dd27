package dev.querydriven.servicesupport.web;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Paging settings ({@code querydriven.paging.*}).
 *
 * @param cursorKey the Base64 HMAC key that signs page cursors (at least 32 bytes); every
 * instance of a service must share it. Without one, a random key per process is used:
 * fine for one dev instance, but cursors then do not survive a restart.
 */
@ConfigurationProperties("querydriven.paging")
public record PagingProperties(String cursorKey) {

}
