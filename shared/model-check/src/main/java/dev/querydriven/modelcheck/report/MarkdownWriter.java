package dev.querydriven.modelcheck.report;

import java.util.List;

/**
 * Writes blocks as GitHub-flavoured Markdown (Mermaid diagrams in fenced blocks, which
 * GitHub draws).
 */
final class MarkdownWriter {

	private MarkdownWriter() {
	}

	static String write(List<Block> blocks) {
		StringBuilder out = new StringBuilder();
		for (Block block : blocks) {
			if (!out.isEmpty()) {
				out.append('\n');
			}
			if (block instanceof Block.Heading heading) {
				out.append("#".repeat(heading.level())).append(' ').append(heading.text()).append('\n');
			}
			else if (block instanceof Block.Paragraph paragraph) {
				out.append(paragraph.text()).append('\n');
			}
			else if (block instanceof Block.Table table) {
				row(out, table.header());
				out.append('|');
				table.header().forEach((column) -> out.append("---|"));
				out.append('\n');
				table.rows().forEach((cells) -> row(out, cells));
			}
			else if (block instanceof Block.Diagram diagram) {
				out.append("```mermaid\n").append(diagram.mermaid()).append("```\n");
			}
			else if (block instanceof Block.Bullets bullets) {
				bullets.items().forEach((item) -> out.append("- ").append(item).append('\n'));
			}
		}
		return out.toString();
	}

	private static void row(StringBuilder out, List<String> cells) {
		out.append('|');
		for (String cell : cells) {
			out.append(' ').append(cell.replace("|", "\\|").replace("\n", "<br>")).append(" |");
		}
		out.append('\n');
	}

}
