package dev.querydriven.blogplatform.post;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * A category name: a lower-case slug such as {@code data-modeling}. Categories are part
 * of partition keys, so one spelling per category matters ({@code Java} and {@code java}
 * would be two partitions), and a bounded length keeps keys small. {@code null} is valid
 * (combine with {@code @NotNull} where a category is required).
 */
@Documented
@Constraint(validatedBy = {})
@Target({ ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT })
@Retention(RetentionPolicy.RUNTIME)
@Size(min = 2, max = CategorySlug.MAX_LENGTH)
@Pattern(regexp = CategorySlug.PATTERN)
@ReportAsSingleViolation
public @interface CategorySlug {

	/** Lower-case letters and digits, in words joined by single hyphens. */
	String PATTERN = "[a-z0-9]+(-[a-z0-9]+)*";

	/** The longest category name. */
	int MAX_LENGTH = 40;

	String message() default "must be a lower-case slug of 2 to 40 characters such as 'data-modeling' "
			+ "(a-z, 0-9, single hyphens between words)";

	Class<?>[] groups() default {};

	Class<? extends Payload>[] payload() default {};

}
