package dev.querydriven.servicesupport.web;

import java.security.SecureRandom;
import java.util.Base64;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Registers the shared problem-details handler and the cursor codec in every reactive
 * service.
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@EnableConfigurationProperties(PagingProperties.class)
public final class WebConventionsAutoConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(WebConventionsAutoConfiguration.class);

	@Bean
	@ConditionalOnMissingBean
	ProblemDetailsExceptionHandler problemDetailsExceptionHandler() {
		return new ProblemDetailsExceptionHandler();
	}

	@Bean
	@ConditionalOnMissingBean
	CursorCodec cursorCodec(PagingProperties properties) {
		if (properties.cursorKey() == null || properties.cursorKey().isBlank()) {
			logger.warn("querydriven.paging.cursor-key is not set: page cursors are signed with a random key "
					+ "and will not survive a restart or work across instances");
			byte[] key = new byte[32];
			new SecureRandom().nextBytes(key);
			return new CursorCodec(key);
		}
		return new CursorCodec(Base64.getDecoder().decode(properties.cursorKey()));
	}

}
