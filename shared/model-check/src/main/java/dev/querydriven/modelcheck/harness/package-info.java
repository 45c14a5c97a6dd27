/**
 * The model check in a service's build: one test runs it on the test node, keeps the
 * committed report up to date and fails the build on a {@code fail}; the README tables
 * generated from the catalogue: its access patterns, and its routes' partition budgets
 * with what the tests measured.
 */
package dev.querydriven.modelcheck.harness;
