/**
 * Rules held to every source file of the project: no comment cut in half by the
 * formatter, no benchmark figures in production code.
 */
package dev.querydriven.testsupport.source;
