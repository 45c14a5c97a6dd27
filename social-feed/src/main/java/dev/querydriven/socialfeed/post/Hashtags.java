package dev.querydriven.socialfeed.post;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.querydriven.servicesupport.web.InvalidRequestException;

/**
 * Parses hashtags out of a post's text: {@code #word} (letters, digits, underscores),
 * case-insensitive, stored lower-case. Their number is bounded because each one is one
 * more write (a {@code posts_by_hashtag} copy and a {@code hashtag_days} row) per post.
 */
public final class Hashtags {

	/** The most distinct hashtags one post may carry. */
	public static final int MAX_PER_POST = 10;

	/** The longest hashtag, in characters (without the {@code #}). */
	public static final int MAX_LENGTH = 50;

	/** A tag as a path parameter: the word, optionally with its {@code #}. */
	public static final String TAG_PATTERN = "#?[\\p{L}\\p{N}_]{1," + MAX_LENGTH + "}";

	/**
	 * A {@code #} not glued to a preceding word character (so {@code a#b} and
	 * {@code &#35;} are not tags), followed by the tag's characters.
	 */
	private static final Pattern TAG = Pattern.compile("(?<![\\p{L}\\p{N}_&#])#([\\p{L}\\p{N}_]+)");

	private Hashtags() {
	}

	/**
	 * The distinct hashtags of a text, lower-case and sorted.
	 * @param content the post's text
	 * @return the tags
	 * @throws InvalidRequestException naming {@code content} when a tag is too long or
	 * there are too many
	 */
	public static Set<String> parse(String content) {
		Set<String> tags = new TreeSet<>();
		Matcher matcher = TAG.matcher(content);
		while (matcher.find()) {
			String tag = matcher.group(1).toLowerCase(Locale.ROOT);
			if (tag.length() > MAX_LENGTH) {
				throw new InvalidRequestException("content",
						"hashtag #" + tag.substring(0, 20) + "... is longer than " + MAX_LENGTH + " characters");
			}
			tags.add(tag);
		}
		if (tags.size() > MAX_PER_POST) {
			throw new InvalidRequestException("content",
					"has " + tags.size() + " distinct hashtags; at most " + MAX_PER_POST + " are allowed");
		}
		return tags;
	}

	/**
	 * The stored form of a tag given in a URL.
	 * @param tag the tag, with or without {@code #}, any case
	 * @return the lower-case tag without {@code #}
	 */
	public static String normalize(String tag) {
		String word = tag.startsWith("#") ? tag.substring(1) : tag;
		return word.toLowerCase(Locale.ROOT);
	}

}
