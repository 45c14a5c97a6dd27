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
				out.append("#".repeat(heading.level())).append(' ').append(text(heading.text())).append('\n');
			}
			else if (block instanceof Block.Paragraph paragraph) {
				out.append(text(paragraph.text())).append('\n');
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
				bullets.items().forEach((item) -> out.append("- ").append(text(item)).append('\n'));
			}
		}
		return out.toString();
	}

	/**
	 * Escapes {@code <} where it could open an HTML tag outside code spans, so that text
	 * such as a server's error message is never read as markup ({@code < 100MB} stays).
	 */
	static String text(String text) {
		StringBuilder out = new StringBuilder();
		boolean code = false;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '`') {
				code = !code;
			}
			char next = (i + 1 < text.length()) ? text.charAt(i + 1) : ' ';
			boolean tag = c == '<' && (Character.isLetter(next) || next == '/' || next == '!' || next == '?');
			out.append((tag && !code) ? "&lt;" : String.valueOf(c));
		}
		return out.toString();
	}

	private static void row(StringBuilder out, List<String> cells) {
		out.append('|');
		for (String cell : cells) {
			out.append(' ').append(text(cell).replace("|", "\\|").replace("\n", "<br>")).append(" |");
		}
		out.append('\n');
	}

}
