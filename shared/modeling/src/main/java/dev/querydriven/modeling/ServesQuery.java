package dev.querydriven.modeling;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the catalogued queries a repository method, service method or test serves or
 * proves, e.g. {@code @ServesQuery("Q2")}. The model check fails the build when a
 * catalogued query has no test carrying its id.
 *
 * <p>
 * The one piece of the access-pattern catalogue that main code carries: the catalogue
 * itself (the model check's {@code QueryCatalog}) lives among a service's tests, so the
 * annotation lives here, in the library the services ship, where a repository can name
 * its query without depending on the checker.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD })
public @interface ServesQuery {

	/**
	 * The query ids, as declared in the service's query catalogue.
	 * @return e.g. {@code {"Q2"}}
	 */
	String[] value();

}
