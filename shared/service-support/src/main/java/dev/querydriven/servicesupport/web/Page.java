package dev.querydriven.servicesupport.web;

import java.util.List;

/**
 * A page of a list: its items and the cursor of the next page, {@code null} on the last
 * page.
 *
 * @param items the items, in the list's order
 * @param next an opaque cursor to pass back as {@code cursor}, or {@code null}
 * @param <T> the item type
 */
public record Page<T>(List<T> items, String next) {

	public Page {
		items = List.copyOf(items);
	}

}
