package dev.querydriven.modelcheck.report;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes blocks as one self-contained HTML page. Mermaid draws the diagram when the page
 * can load it; offline, the diagram's source stays readable.
 */
final class HtmlWriter {

	private static final Pattern CODE = Pattern.compile("`([^`]*)`");

	private static final Pattern BOLD = Pattern.compile("\\*\\*(.+?)\\*\\*");

	private static final Pattern EMPHASIS = Pattern.compile("(?<![\\w*])\\*([^*\\s][^*]*?)\\*(?![\\w*])");

	private static final String STYLE = """
			body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem;
			  line-height: 1.45; color: #1f2328; }
			table { border-collapse: collapse; margin: 1rem 0; }
			th, td { border: 1px solid #d0d7de; padding: 0.3rem 0.6rem; text-align: left; vertical-align: top; }
			th { background: #f6f8fa; }
			code { background: #f6f8fa; padding: 0.1rem 0.3rem; border-radius: 4px; font-size: 90%; }
			pre.mermaid { background: #f6f8fa; padding: 1rem; overflow-x: auto; }
			""";

	private HtmlWriter() {
	}

	static String write(String title, List<Block> blocks) {
		StringBuilder out = new StringBuilder();
		out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
			.append(escape(title))
			.append("</title>\n<style>\n")
			.append(STYLE)
			.append("</style>\n</head>\n<body>\n");
		for (Block block : blocks) {
			if (block instanceof Block.Heading heading) {
				out.append("<h")
					.append(heading.level())
					.append('>')
					.append(inline(heading.text()))
					.append("</h")
					.append(heading.level())
					.append(">\n");
			}
			else if (block instanceof Block.Paragraph paragraph) {
				out.append("<p>").append(inline(paragraph.text())).append("</p>\n");
			}
			else if (block instanceof Block.Table table) {
				out.append("<table>\n<tr>");
				table.header().forEach((column) -> out.append("<th>").append(inline(column)).append("</th>"));
				out.append("</tr>\n");
				for (List<String> row : table.rows()) {
					out.append("<tr>");
					row.forEach(
							(cell) -> out.append("<td>").append(inline(cell).replace("\n", "<br>")).append("</td>"));
					out.append("</tr>\n");
				}
				out.append("</table>\n");
			}
			else if (block instanceof Block.Diagram diagram) {
				out.append("<pre class=\"mermaid\">\n").append(escape(diagram.mermaid())).append("</pre>\n");
			}
			else if (block instanceof Block.Bullets bullets) {
				out.append("<ul>\n");
				bullets.items().forEach((item) -> out.append("<li>").append(inline(item)).append("</li>\n"));
				out.append("</ul>\n");
			}
		}
		out.append("<script type=\"module\">\n")
			.append("import mermaid from 'https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.esm.min.mjs';\n")
			.append("mermaid.initialize({ startOnLoad: true });\n")
			.append("</script>\n</body>\n</html>\n");
		return out.toString();
	}

	/** Inline Markdown to HTML: code spans first (their content stays literal). */
	static String inline(String text) {
		StringBuilder out = new StringBuilder();
		Matcher code = CODE.matcher(text);
		int last = 0;
		while (code.find()) {
			out.append(emphasis(escape(text.substring(last, code.start()))));
			out.append("<code>").append(escape(code.group(1))).append("</code>");
			last = code.end();
		}
		out.append(emphasis(escape(text.substring(last))));
		return out.toString();
	}

	private static String emphasis(String html) {
		String bold = BOLD.matcher(html).replaceAll("<strong>$1</strong>");
		return EMPHASIS.matcher(bold).replaceAll("<em>$1</em>");
	}

	static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
	}

}
