package dev.querydriven.servicesupport.web;

import java.util.Arrays;
import java.util.Optional;

import io.swagger.v3.oas.models.Operation;
import org.springdoc.core.customizers.OperationCustomizer;

import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpMethod;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.method.HandlerMethod;

/**
 * Shows on every operation of the OpenAPI document whether repeating it is safe
 * ({@code x-idempotent}, see {@link Idempotent}), and whether it takes an
 * {@code Idempotency-Key} that makes a repeat safe ({@code x-idempotency-key}): what a
 * client needs to know before it retries after a timeout or a 503.
 */
final class IdempotencyOperationCustomizer implements OperationCustomizer {

	@Override
	public Operation customize(Operation operation, HandlerMethod handlerMethod) {
		RequestMapping mapping = AnnotatedElementUtils.findMergedAnnotation(handlerMethod.getMethod(),
				RequestMapping.class);
		HttpMethod method = Optional.ofNullable(mapping)
			.flatMap((request) -> Arrays.stream(request.method()).findFirst())
			.map((request) -> HttpMethod.valueOf(request.name()))
			.orElse(HttpMethod.GET);
		operation.addExtension("x-idempotent", RetryAdvice.idempotent(method, Optional.of(handlerMethod.getMethod())));
		if (RetryAdvice.takesIdempotencyKey(handlerMethod.getMethod())) {
			operation.addExtension("x-idempotency-key", true);
		}
		return operation;
	}

}
