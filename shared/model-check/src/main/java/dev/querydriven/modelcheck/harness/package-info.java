/**
 * The model check in a service's build: one test runs it on the test node, keeps the
 * committed report up to date and fails the build on a {@code fail}.
 */
package dev.querydriven.modelcheck.harness;
