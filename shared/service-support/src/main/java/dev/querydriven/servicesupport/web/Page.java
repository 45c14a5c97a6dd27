package dev.querydriven.servicesupport.web;

import java.util.List;
import java.util.function.Function;

/**
 * A page of a list: its items and the cursor of the next page, {@code null} on the last
 * page. Services return pages of rows; controllers map them to pages of responses with
 * {@link #map(Function)}, the one way this project turns a page of entities into a page
 * of responses.
 *
 * @param items the items, in the list's order
 * @param next an opaque cursor to pass back as {@code cursor}, or {@code null}
 * @param <T> the item type
 */
public record Page<T>(List<T> items, String next) {

	public Page {
		items = List.copyOf(items);
	}

	/**
	 * The same page with each item mapped, e.g. a page of rows to a page of responses.
	 * @param mapper maps one item
	 * @param <R> the mapped type
	 * @return a page of the mapped items, with the same cursor
	 */
	public <R> Page<R> map(Function<? super T, ? extends R> mapper) {
		return new Page<>(this.items.stream().<R>map(mapper).toList(), this.next);
	}

}
