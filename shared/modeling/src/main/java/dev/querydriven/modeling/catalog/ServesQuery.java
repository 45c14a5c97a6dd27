package dev.querydriven.modeling.catalog;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the catalogued queries a repository method, service method or test serves or
 * proves, e.g. {@code @ServesQuery("Q2")}. The model check fails the build when a
 * catalogued query has no test carrying its id.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
public @interface ServesQuery {

	/**
	 * The query ids, as declared in the service's {@link QueryCatalog}.
	 * @return e.g. {@code {"Q2"}}
	 */
	String[] value();

}
