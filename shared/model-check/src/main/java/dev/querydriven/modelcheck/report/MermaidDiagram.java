package dev.querydriven.modelcheck.report;

import java.util.Map;
import java.util.TreeMap;

import dev.querydriven.modelcheck.ColumnInfo;
import dev.querydriven.modelcheck.ModelReport;
import dev.querydriven.modelcheck.QueryAnalysis;
import dev.querydriven.modelcheck.TableAnalysis;

/**
 * A Chebotko-style diagram in Mermaid: each query points to the table serving it, and
 * each table lists its columns with their key markers.
 */
final class MermaidDiagram {

	private MermaidDiagram() {
	}

	static String of(ModelReport report) {
		StringBuilder out = new StringBuilder("flowchart LR\n");
		Map<String, TableAnalysis> tables = new TreeMap<>();
		report.tables()
			.stream()
			.filter((table) -> table.infrastructure() == null)
			.forEach((table) -> tables.put(table.name(), table));
		for (QueryAnalysis query : report.queries()) {
			String id = "q_" + safe(query.pattern().id());
			String label = label(query.pattern().id() + ": " + query.pattern().description());
			boolean read = "SELECT".equals(query.statement());
			out.append("  ").append(id).append(read ? "([\"" : "[/\"").append(label).append(read ? "\"])" : "\"/]");
			out.append('\n');
			String table = query.pattern().table();
			if (tables.containsKey(table)) {
				out.append("  ").append(id).append(" --> t_").append(safe(table)).append('\n');
			}
		}
		for (TableAnalysis table : tables.values()) {
			StringBuilder label = new StringBuilder("<b>").append(label(table.name())).append("</b>");
			for (ColumnInfo column : table.columns()) {
				label.append("<br/>")
					.append(label(column.name() + " " + column.type()))
					.append(column.role() == ColumnInfo.Role.REGULAR ? "" : " " + column.role().marker());
			}
			out.append("  t_").append(safe(table.name())).append("[\"").append(label).append("\"]\n");
		}
		for (String view : report.views()) {
			out.append("  t_")
				.append(safe(view))
				.append("[\"<b>")
				.append(label(view))
				.append("</b><br/>materialized view\"]\n");
		}
		return out.toString();
	}

	/** A node id Mermaid accepts. */
	private static String safe(String name) {
		return name.replaceAll("[^A-Za-z0-9_]", "_");
	}

	/** Text inside a quoted Mermaid label. */
	private static String label(String text) {
		return text.replace("&", "#amp;")
			.replace("\"", "#quot;")
			.replace("<", "#lt;")
			.replace(">", "#gt;")
			.replace("\n", " ");
	}

}
