package dev.querydriven.benchmarks.peer;

import java.util.List;

/**
 * A page of a list as the services answer it: the items, and the cursor of the next page
 * ({@code null} on the last page, written as {@code "next": null}, since the services'
 * Jackson includes null members).
 *
 * @param items the items, in the list's order
 * @param next the cursor of the next page, or {@code null}
 * @param <T> the item type
 */
record Page<T>(List<T> items, String next) {

}
