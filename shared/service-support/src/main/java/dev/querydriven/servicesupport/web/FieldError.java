package dev.querydriven.servicesupport.web;

/**
 * One invalid field of a request, as listed in a problem's {@code errors} property.
 *
 * @param field the field, parameter or JSON path (e.g. {@code items[0].quantity})
 * @param message what is wrong
 */
public record FieldError(String field, String message) {

}
