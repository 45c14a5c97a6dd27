/**
 * The conformance suite every service passes
 * ({@link dev.querydriven.testsupport.conformance.ServiceConformanceTests}): the shared
 * architecture rules, the entities against the live schema, the query catalogue against
 * the live schema, the code and the statements the service executed, the model check, and
 * the hostile-input suite. A service extends it once, with its catalogue, its
 * architecture exceptions and a valid request for each operation; and it extends
 * {@link dev.querydriven.testsupport.conformance.ServiceConsistencyLevelsTests} once,
 * which checks that every statement ran at a level the catalogue declares.
 */
package dev.querydriven.testsupport.conformance;
