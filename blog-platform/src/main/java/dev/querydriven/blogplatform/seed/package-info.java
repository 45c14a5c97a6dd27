/**
 * Demo data for dev runs: authors, a few thousand posts over the last year in a handful
 * of categories (one much busier than the others: the hot partition the migration
 * showcase fixes), and comments. On in {@code application.yml}, off in tests.
 */
package dev.querydriven.blogplatform.seed;
