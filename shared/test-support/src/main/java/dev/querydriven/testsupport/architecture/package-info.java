/**
 * The architecture rules every service applies
 * ({@link dev.querydriven.testsupport.architecture.ServiceArchitectureRules}).
 */
package dev.querydriven.testsupport.architecture;
