package dev.querydriven.testsupport.inspector;

import java.util.Map;

import org.springframework.web.util.HtmlUtils;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * A page of a partition as HTML: the key, the node's token of it, and the rows in
 * clustering order, every value escaped.
 */
final class PartitionPage {

	private PartitionPage() {
	}

	static String render(PartitionView.Page page) {
		StringBuilder html = new StringBuilder("""
				<!DOCTYPE html>
				<html lang="en"><head><meta charset="utf-8"><title>%s</title>
				<link rel="stylesheet" href="/inspector/inspector.css"></head><body>
				<p><a href="/inspector">&larr; the query inspector</a></p>
				<h1>%s</h1>
				""".formatted(escape(page.table()), escape(page.table())));
		html.append("<p>Partition key: ");
		page.partitionKey()
			.forEach((column, value) -> html.append("<code>")
				.append(escape(column))
				.append(" = ")
				.append(escape(String.valueOf(value)))
				.append("</code> "));
		html.append("&middot; <span class=\"token\">token(&hellip;) = <code>")
			.append(escape(String.valueOf(page.token())))
			.append("</code></span> &middot; ")
			.append(page.rows().size())
			.append(" rows on this page</p>\n<table><thead><tr>");
		page.columns().forEach((column) -> html.append("<th>").append(escape(column)).append("</th>"));
		html.append("</tr></thead><tbody>\n");
		for (Map<String, Object> row : page.rows()) {
			html.append("<tr>");
			page.columns()
				.forEach((
						column) -> html.append("<td>").append(escape(String.valueOf(row.get(column)))).append("</td>"));
			html.append("</tr>\n");
		}
		html.append("</tbody></table>\n");
		if (page.next() != null) {
			UriComponentsBuilder next = UriComponentsBuilder.fromPath(InspectorRoutes.PREFIX + "/partitions/{table}");
			page.partitionKey().forEach((column, value) -> next.queryParam(column, String.valueOf(value)));
			next.queryParam("page", page.next());
			html.append("<p><a class=\"next\" href=\"")
				.append(escape(next.encode().buildAndExpand(page.table()).toUriString()))
				.append("\">Next ")
				.append(PartitionView.PAGE_ROWS)
				.append(" rows</a></p>\n");
		}
		return html.append("</body></html>\n").toString();
	}

	private static String escape(String text) {
		return HtmlUtils.htmlEscape(text);
	}

}
