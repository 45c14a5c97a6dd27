/**
 * Strict JSON for every service: a request body means exactly what it says or is refused
 * with a 400 naming the field. No unknown or duplicate fields, no silent type coercion,
 * no invalid text, and bounded nesting, numbers and names.
 */
package dev.querydriven.servicesupport.json;
