package ${package}.note;

import java.time.Duration;
import java.util.UUID;

import ${package}.${serviceName}IntegrationTest;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An owner's notes (Q1) against the real node: newest first, paged by the last
 * {@code timeuuid} read.
 */
@${serviceName}IntegrationTest
class NoteServiceIntegrationTests {

	@Autowired
	private NoteService notes;

	@Autowired
	private MutableClock clock;

	/**
	 * Notes come back newest first; two notes of the same instant are two rows, ordered
	 * by their ids.
	 */
	@Test
	@ServesQuery("Q1")
	void notesComeBackNewestFirst() {
		UUID ownerId = UUID.randomUUID();
		NotesByOwnerRow first = this.notes.add(ownerId, "first").block();
		NotesByOwnerRow second = this.notes.add(ownerId, "same instant").block();
		this.clock.add(Duration.ofMillis(1));
		NotesByOwnerRow third = this.notes.add(ownerId, "a moment later").block();

		this.notes.findNewestFirst(ownerId, null, 10).as(StepVerifier::create).assertNext((page) -> {
			assertThat(page.items()).extracting(NotesByOwnerRow::noteId)
				.containsExactly(third.noteId(), second.noteId(), first.noteId());
			assertThat(page.next()).isNull();
		}).verifyComplete();
	}

	/** A page continues strictly after the last note of the previous page. */
	@Test
	@ServesQuery("Q1")
	void nextPageContinuesAfterTheLastNoteRead() {
		UUID ownerId = UUID.randomUUID();
		NotesByOwnerRow older = this.notes.add(ownerId, "older").block();
		NotesByOwnerRow newer = this.notes.add(ownerId, "newer").block();

		String next = this.notes.findNewestFirst(ownerId, null, 1).block().next();
		assertThat(this.notes.findNewestFirst(ownerId, null, 1).block().items()).extracting(NotesByOwnerRow::noteId)
			.containsExactly(newer.noteId());
		this.notes.findNewestFirst(ownerId, next, 1).as(StepVerifier::create).assertNext((page) -> {
			assertThat(page.items()).extracting(NotesByOwnerRow::noteId).containsExactly(older.noteId());
			assertThat(page.next()).isNull();
		}).verifyComplete();
	}

	/** A cursor issued for another owner's list is refused, not followed. */
	@Test
	void cursorOfAnotherOwnerIsRefused() {
		UUID ownerId = UUID.randomUUID();
		this.notes.add(ownerId, "one").block();
		this.notes.add(ownerId, "two").block();
		String next = this.notes.findNewestFirst(ownerId, null, 1).block().next();

		this.notes.findNewestFirst(UUID.randomUUID(), next, 1)
			.as(StepVerifier::create)
			.expectError(InvalidRequestException.class)
			.verify();
	}

}
