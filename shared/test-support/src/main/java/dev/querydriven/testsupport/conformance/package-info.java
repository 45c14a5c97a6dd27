/**
 * The conformance suite every service passes
 * ({@link dev.querydriven.testsupport.conformance.ServiceConformanceTests}): the shared
 * architecture rules, the entities against the live schema, the query catalogue against
 * the live schema, the code and the statements the service executed, the model check, and
 * the hostile-input suite. A service extends it once, with its catalogue, its
 * architecture exceptions and a valid request for each operation.
 */
package dev.querydriven.testsupport.conformance;
