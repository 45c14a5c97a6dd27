/**
 * The model check's report, as Markdown (committed under each service's {@code docs/})
 * and as an HTML page, with a Chebotko-style Mermaid diagram.
 */
package dev.querydriven.modelcheck.report;
