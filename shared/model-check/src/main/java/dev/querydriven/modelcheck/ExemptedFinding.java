package dev.querydriven.modelcheck;

import dev.querydriven.modelcheck.catalog.CatalogExemption;

/**
 * A finding covered by a reviewed exemption: shown in the report with its reason, never
 * failing the build.
 *
 * @param finding what the check found
 * @param exemption the exemption covering it
 */
public record ExemptedFinding(Finding finding, CatalogExemption exemption) {

}
