package dev.querydriven.servicesupport.text;

/**
 * The three kinds of text a request carries, from the most to the least permissive.
 */
public enum TextKind {

	/**
	 * Text with paragraphs: a post's content, a comment. Tabs and line breaks allowed.
	 */
	MULTILINE,

	/**
	 * One line of text: a name, a title, an address line, every query and path parameter.
	 * The default for every string.
	 */
	LINE,

	/**
	 * A string that identifies something and is compared, claimed or used as a key (an
	 * email address, a username): one line, and no invisible formatting characters or
	 * spaces, so that two identifiers that look the same are the same.
	 */
	IDENTIFIER

}
