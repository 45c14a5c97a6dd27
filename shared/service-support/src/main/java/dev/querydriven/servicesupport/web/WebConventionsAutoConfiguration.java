package dev.querydriven.servicesupport.web;

import java.math.BigDecimal;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springdoc.core.customizers.ParameterCustomizer;
import org.springdoc.core.utils.SpringDocUtils;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.http.codec.CodecCustomizer;
import org.springframework.boot.webflux.autoconfigure.error.ErrorWebFluxAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.util.unit.DataSize;

/**
 * Registers the shared HTTP conventions in every reactive service: problem details for
 * every error (inside controllers and outside them, replacing Spring Boot's legacy error
 * shape), strict parameters, writes refused up front when the client cannot read the
 * answer, the request body limit and the cursor codec.
 */
@AutoConfiguration(before = ErrorWebFluxAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@EnableConfigurationProperties(PagingProperties.class)
public final class WebConventionsAutoConfiguration {

	/**
	 * The largest request body a service reads by default: far more than any request of
	 * these APIs needs (1,000 sensor readings are about 100 KB, the longest blog post
	 * about 80 KB), small enough that a flood of large bodies cannot exhaust memory. A
	 * bigger body is refused with 413 before it is parsed.
	 * {@code spring.http.codecs.max-in-memory-size} overrides it.
	 */
	public static final DataSize MAX_REQUEST_BODY = DataSize.ofKilobytes(256);

	private static final Logger logger = LoggerFactory.getLogger(WebConventionsAutoConfiguration.class);

	@Bean
	@ConditionalOnMissingBean
	ProblemDetailsExceptionHandler problemDetailsExceptionHandler() {
		return new ProblemDetailsExceptionHandler();
	}

	/**
	 * Before Spring Boot's default error handler (order -1), which it replaces.
	 * @param problems the mapping of exceptions to problems
	 * @param codecs the codecs that write the problem
	 * @return the handler
	 */
	@Bean
	@Order(-2)
	@ConditionalOnMissingBean(ProblemDetailsWebExceptionHandler.class)
	ProblemDetailsWebExceptionHandler problemDetailsWebExceptionHandler(ProblemDetailsExceptionHandler problems,
			ServerCodecConfigurer codecs) {
		return new ProblemDetailsWebExceptionHandler(problems, codecs);
	}

	/**
	 * Static: a post-processor must exist before the beans it processes.
	 * @return the post-processor that makes every controller read its parameters strictly
	 */
	@Bean
	static BeanPostProcessor strictParameterBinding() {
		return ParameterBinding.installer();
	}

	@Bean
	@ConditionalOnMissingBean
	AcceptableWritesFilter acceptableWritesFilter() {
		return new AcceptableWritesFilter();
	}

	/**
	 * Applied before Spring Boot's codec customizer, so that
	 * {@code spring.http.codecs.max-in-memory-size}, when set, wins.
	 * @return the customizer
	 */
	@Bean
	@Order(-10)
	CodecCustomizer requestBodyLimitCodecCustomizer() {
		return (configurer) -> configurer.defaultCodecs().maxInMemorySize((int) MAX_REQUEST_BODY.toBytes());
	}

	/**
	 * The cursor codec runs on the system clock, not on a service's {@code Clock} bean:
	 * tests move that clock by days to age data, and cursors would expire under them.
	 * @param properties the paging settings
	 * @return the codec
	 */
	@Bean
	@ConditionalOnMissingBean
	CursorCodec cursorCodec(PagingProperties properties) {
		byte[] key;
		if (properties.cursorKey() == null || properties.cursorKey().isBlank()) {
			logger.info("querydriven.paging.cursor-key is not set: page cursors are signed with a random key "
					+ "and will not survive a restart or work across instances");
			key = new byte[32];
			new SecureRandom().nextBytes(key);
		}
		else {
			key = decodeKey("querydriven.paging.cursor-key", properties.cursorKey());
		}
		byte[] previous = (properties.previousCursorKey() == null || properties.previousCursorKey().isBlank()) ? null
				: decodeKey("querydriven.paging.previous-cursor-key", properties.previousCursorKey());
		return new CursorCodec(key, previous, properties.cursorTtl(), Clock.systemUTC());
	}

	private static byte[] decodeKey(String property, String value) {
		try {
			return Base64.getDecoder().decode(value.strip());
		}
		catch (IllegalArgumentException ex) {
			// The decoder's message would quote a character of the secret.
			throw new IllegalArgumentException(property + " is not Base64");
		}
	}

	/**
	 * Whether each operation is safe to repeat, in the OpenAPI document of a service that
	 * publishes one.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(OperationCustomizer.class)
	static class OpenApiConfiguration {

		@Bean
		OperationCustomizer idempotencyOperationCustomizer() {
			return new IdempotencyOperationCustomizer();
		}

		/**
		 * The paging parameters' bounds, checked as they are read, in the document; the
		 * {@link CursorCodec} refuses a longer cursor.
		 * @return the customizer
		 */
		@Bean
		ParameterCustomizer pagingParameterCustomizer() {
			SpringDocUtils.getConfig().replaceWithClass(PageLimit.class, Integer.class);
			return (parameter, method) -> {
				if (parameter != null && parameter.getSchema() != null) {
					if (method.getParameterType() == PageLimit.class) {
						parameter.getSchema().setMinimum(BigDecimal.valueOf(PageLimit.MIN));
						parameter.getSchema().setMaximum(BigDecimal.valueOf(PageLimit.MAX));
					}
					else if (method.getParameterType() == String.class && "cursor".equals(parameter.getName())) {
						parameter.getSchema().setMaxLength(CursorCodec.MAX_LENGTH);
					}
				}
				return parameter;
			};
		}

	}

}
