package dev.querydriven.servicesupport.web;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Paging settings ({@code querydriven.paging.*}).
 *
 * @param cursorKey the Base64 HMAC key that signs page cursors (at least 32 bytes); every
 * instance of a service must share it. Without one, a random key per process is used:
 * fine for one dev instance, but cursors then do not survive a restart (the {@code prod}
 * profile refuses it)
 * @param previousCursorKey the key being rotated out (Base64): cursors it signed still
 * read until they expire, new ones are signed with {@code cursor-key}; unset once the
 * last of them has expired
 * @param cursorTtl how long a cursor reads after it was issued; an older one is a 400
 */
@ConfigurationProperties("querydriven.paging")
public record PagingProperties(String cursorKey, String previousCursorKey, @DefaultValue("1h") Duration cursorTtl) {

}
