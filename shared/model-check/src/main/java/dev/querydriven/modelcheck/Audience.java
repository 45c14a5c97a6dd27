package dev.querydriven.modelcheck;

/**
 * Who reads a report's advice. Every fix names the CQL to write and the pattern it
 * applies, with a link to the pattern's documentation in this repository; only inside
 * this repository's own build does it also name the classes here that implement the
 * pattern, which mean nothing to anyone checking their own model.
 */
public enum Audience {

	/** Anyone's model (the stand-alone checker): CQL, patterns and documentation only. */
	ANY_MODEL,

	/**
	 * A service of this repository (its model-check test): the same, plus "in this
	 * repository: {@code DualWriter} ...", and facts declared as {@code SizingFacts}.
	 */
	THIS_REPOSITORY

}
