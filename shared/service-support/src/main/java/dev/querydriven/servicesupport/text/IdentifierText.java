package dev.querydriven.servicesupport.text;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a request field that identifies something (an email address, a username): it is
 * claimed, compared and used as a partition key, so it must not hold invisible characters
 * (zero-width spaces, bidirectional controls, soft hyphens) or spaces that would make two
 * identifiers look alike yet differ. See {@link TextRules}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD, ElementType.RECORD_COMPONENT })
public @interface IdentifierText {

}
