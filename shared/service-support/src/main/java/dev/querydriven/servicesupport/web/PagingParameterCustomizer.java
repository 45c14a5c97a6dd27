package dev.querydriven.servicesupport.web;

import java.math.BigDecimal;

import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import org.springdoc.core.customizers.ParameterCustomizer;
import org.springdoc.core.utils.SpringDocUtils;

import org.springframework.core.MethodParameter;

/**
 * Shows in the OpenAPI document the bounds of the paging parameters, which are checked
 * where they are read rather than by Bean Validation constraints (whose annotations
 * springdoc would read): a {@link PageLimit} is a whole number from {@link PageLimit#MIN}
 * to {@link PageLimit#MAX}; a {@code cursor} is at most {@link CursorCodec#MAX_LENGTH}
 * characters, the longest the codec that decodes every cursor of these APIs accepts.
 * Clients, and the hostile-input tests that read the document, learn the bounds from it.
 */
final class PagingParameterCustomizer implements ParameterCustomizer {

	static {
		// A page size is a number on the wire, not an object with a "value" member.
		SpringDocUtils.getConfig().replaceWithClass(PageLimit.class, Integer.class);
	}

	@Override
	public Parameter customize(Parameter parameter, MethodParameter methodParameter) {
		if (parameter == null || parameter.getSchema() == null) {
			return parameter;
		}
		Schema<?> schema = parameter.getSchema();
		if (methodParameter.getParameterType() == PageLimit.class) {
			schema.setMinimum(BigDecimal.valueOf(PageLimit.MIN));
			schema.setMaximum(BigDecimal.valueOf(PageLimit.MAX));
		}
		else if (methodParameter.getParameterType() == String.class && "cursor".equals(parameter.getName())) {
			schema.setMaxLength(CursorCodec.MAX_LENGTH);
		}
		return parameter;
	}

}
