package dev.querydriven.blogplatform.comment;

import java.util.Set;
import java.util.UUID;

import dev.querydriven.servicesupport.security.Caller;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The name a comment shows comes from the caller's token, and is stored only as one clean
 * line of at most {@value CommentService#MAX_AUTHOR_NAME} characters.
 */
class CommentAuthorNameTests {

	private final UUID userId = UUID.randomUUID();

	/** A name that passes the text rules is shown as the token gives it. */
	@Test
	void aPlainNameIsShownAsGiven() {
		assertThat(CommentService.authorName(caller("Ann Lee"))).isEqualTo("Ann Lee");
	}

	/** A longer name is cut, never in the middle of a character. */
	@Test
	void aLongNameIsCutWithoutSplittingACharacter() {
		assertThat(CommentService.authorName(caller("a".repeat(80)))).hasSize(CommentService.MAX_AUTHOR_NAME);
		String emoji = "\uD83D\uDE00";
		String name = CommentService.authorName(caller("a".repeat(CommentService.MAX_AUTHOR_NAME - 1) + emoji));
		assertThat(name).isEqualTo("a".repeat(CommentService.MAX_AUTHOR_NAME - 1));
	}

	/**
	 * Line breaks, control characters, bidirectional overrides and unpaired surrogates
	 * are left out, as the text rules refuse them in a request.
	 */
	@Test
	void charactersTheTextRulesRefuseAreLeftOut() {
		assertThat(CommentService.authorName(caller("Ann\n\t\u0000Lee\u202E\uD800"))).isEqualTo("AnnLee");
	}

	/** A name with nothing left shows the caller's user id. */
	@Test
	void aNameWithNothingLeftShowsTheUserId() {
		assertThat(CommentService.authorName(caller(" \n\u0007 "))).isEqualTo(this.userId.toString());
	}

	private Caller caller(String name) {
		return new Caller(this.userId, this.userId.toString(), name, Set.of(), Set.of());
	}

}
