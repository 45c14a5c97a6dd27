/**
 * The shared MapStruct configuration: rows to responses and requests to rows.
 */
package dev.querydriven.servicesupport.mapping;
