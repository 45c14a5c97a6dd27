/**
 * The HTTP conventions every service shares: RFC 9457 problem details for every error
 * (bad input is a 4xx naming the field, never a 5xx), paged lists as {@code {"items",
 * "next"}} with a signed, expiring cursor, and a small set of domain exceptions mapped in
 * one place.
 */
package dev.querydriven.servicesupport.web;
