package dev.querydriven.modelcheck.report;

import java.util.List;

/**
 * A part of a report, rendered as Markdown or HTML. Text may carry inline Markdown:
 * {@code `code`}, {@code **bold**} and {@code *emphasis*}.
 */
sealed interface Block permits Block.Heading, Block.Paragraph, Block.Table, Block.Diagram, Block.Bullets {

	/**
	 * @param level 1 to 4
	 * @param text the heading
	 */
	record Heading(int level, String text) implements Block {

	}

	/**
	 * @param text the paragraph
	 */
	record Paragraph(String text) implements Block {

	}

	/**
	 * @param header the column headings
	 * @param rows the rows, each as wide as the header
	 */
	record Table(List<String> header, List<List<String>> rows) implements Block {

	}

	/**
	 * @param mermaid a Mermaid diagram's source
	 */
	record Diagram(String mermaid) implements Block {

	}

	/**
	 * @param items the list's items
	 */
	record Bullets(List<String> items) implements Block {

	}

}
