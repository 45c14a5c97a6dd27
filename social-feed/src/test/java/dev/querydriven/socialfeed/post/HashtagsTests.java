package dev.querydriven.socialfeed.post;

import dev.querydriven.servicesupport.web.InvalidRequestException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Hashtag parsing: {@code #word}, case-insensitive, stored lower-case, bounded.
 */
class HashtagsTests {

	/** Tags are found anywhere in the text, lower-cased, de-duplicated and sorted. */
	@Test
	void tagsAreParsedLowerCaseDistinctAndSorted() {
		assertThat(Hashtags.parse("#Cassandra hello #cassandra, #NoSQL! and #data_modeling2026"))
			.containsExactly("cassandra", "data_modeling2026", "nosql");
	}

	/** A {@code #} inside a word, an HTML entity or a bare {@code #} is not a tag. */
	@Test
	void onlyWordsStartingWithHashAreTags() {
		assertThat(Hashtags.parse("issue#42 &#35; # alone ## and C#")).isEmpty();
		assertThat(Hashtags.parse("Unicode works too: #Café #日本")).containsExactly("café", "日本");
	}

	/** More than ten distinct tags is a 400 naming the content. */
	@Test
	void tooManyTagsAreRejected() {
		String eleven = "#a #b #c #d #e #f #g #h #i #j #k";
		assertThatExceptionOfType(InvalidRequestException.class).isThrownBy(() -> Hashtags.parse(eleven))
			.satisfies((ex) -> assertThat(ex.getField()).isEqualTo("content"));
		assertThat(Hashtags.parse(eleven.substring(0, eleven.length() - 3))).hasSize(10);
	}

	/** A tag longer than 50 characters is a 400 naming the content. */
	@Test
	void tooLongTagsAreRejected() {
		assertThatExceptionOfType(InvalidRequestException.class).isThrownBy(() -> Hashtags.parse("#" + "x".repeat(51)));
		assertThat(Hashtags.parse("#" + "x".repeat(50))).hasSize(1);
	}

	/** A tag in a URL may carry its {@code #} and any case. */
	@Test
	void urlTagsAreNormalized() {
		assertThat(Hashtags.normalize("#Cassandra")).isEqualTo("cassandra");
		assertThat(Hashtags.normalize("NoSQL")).isEqualTo("nosql");
	}

}
