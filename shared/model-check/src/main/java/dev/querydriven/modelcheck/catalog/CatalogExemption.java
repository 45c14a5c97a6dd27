package dev.querydriven.modelcheck.catalog;

/**
 * A reviewed, deliberate departure from a model-check rule, shown in the report with its
 * reason: e.g. the legacy table of the blog's migration showcase, kept on purpose to
 * teach the anti-pattern.
 *
 * @param table the table concerned
 * @param check the check exempted, as named in the report (e.g. {@code distribution})
 * @param reason why the departure is deliberate
 */
public record CatalogExemption(String table, String check, String reason) {

}
