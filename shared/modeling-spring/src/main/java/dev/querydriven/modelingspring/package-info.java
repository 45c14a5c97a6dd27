/**
 * The modeling library ({@code shared/modeling}) wired into a Spring Boot service: one
 * clock and time source, the dual writer and its scheduled reconciler, and the adapter
 * from Spring Data entities to the statements of a dual write.
 */
package dev.querydriven.modelingspring;
