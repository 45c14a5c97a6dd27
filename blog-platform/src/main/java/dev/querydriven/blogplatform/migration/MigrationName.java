package dev.querydriven.blogplatform.migration;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import jakarta.validation.constraints.Pattern;

/**
 * A table migration's name as the admin URLs carry it, e.g. {@code posts-by-category}:
 * lower-case words joined by hyphens, at most 100 characters. Anything else cannot be a
 * migration and is a 400 naming the parameter, before any lookup.
 */
@Documented
@Constraint(validatedBy = {})
@Target({ ElementType.FIELD, ElementType.PARAMETER })
@Retention(RetentionPolicy.RUNTIME)
@Pattern(regexp = "[a-z0-9]+(-[a-z0-9]+){0,20}")
@jakarta.validation.constraints.Size(max = 100)
@ReportAsSingleViolation
@interface MigrationName {

	String message() default "must be a migration name such as 'posts-by-category' (a-z, 0-9, single hyphens "
			+ "between words, at most 100 characters)";

	Class<?>[] groups() default {};

	Class<? extends Payload>[] payload() default {};

}
