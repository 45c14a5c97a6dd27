package dev.querydriven.modeling.dualwrite;

import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The one way a source's copies are written: every copy's work before the write, one
 * write with one timestamp holding the owner's statements and every copy's, then the
 * owner's work and the copies' after it, with that timestamp. Checks every table.
 */
@CassandraTest
class CopiesIntegrationTests {

	private static CqlSession session;

	private static PreparedStatement insertSource;

	private static PreparedStatement insertByAuthor;

	private static PreparedStatement insertByTag;

	@BeforeAll
	static void createTables() {
		// The tables are created as a service's migrations create them, by the keyspace's
		// migrator; the test reads and writes as the service's runtime role.
		CqlSession migrator = SharedCassandra.migratorSession("modeling");
		migrator.execute("CREATE TABLE IF NOT EXISTS copies_notes_by_id (note_id uuid PRIMARY KEY, author_id uuid, "
				+ "tag text, body text) WITH comment = 'Q1: a note by its id (the copies tests'' source of truth)'");
		migrator.execute("CREATE TABLE IF NOT EXISTS copies_notes_by_author (author_id uuid, note_id uuid, body text, "
				+ "PRIMARY KEY (author_id, note_id)) WITH comment = 'Q2: an author''s notes (a copy)'");
		migrator.execute("CREATE TABLE IF NOT EXISTS copies_notes_by_tag (tag text, note_id uuid, body text, "
				+ "PRIMARY KEY (tag, note_id)) WITH comment = 'Q3: a tag''s notes (a copy)'");
		migrator.close();
		session = SharedCassandra.serviceSession("modeling");
		insertSource = session
			.prepare("INSERT INTO copies_notes_by_id (note_id, author_id, tag, body) VALUES (?, ?, ?, ?)");
		insertByAuthor = session
			.prepare("INSERT INTO copies_notes_by_author (author_id, note_id, body) VALUES (?, ?, ?)");
		insertByTag = session.prepare("INSERT INTO copies_notes_by_tag (tag, note_id, body) VALUES (?, ?, ?)");
	}

	/**
	 * The owner's statement and both copies' land in one write with one timestamp; the
	 * work around it runs in order: each copy's before, the write, the owner's after,
	 * each copy's after, all given the write's timestamp.
	 */
	@Test
	void everyCopyJoinsTheOneWriteAndItsWorkRunsAroundIt() {
		Note note = new Note(UUID.randomUUID(), UUID.randomUUID(), "cassandra", "query first");
		List<String> steps = new CopyOnWriteArrayList<>();
		Copies<Note> copies = new Copies<>(List.of(new ByAuthor(steps), new ByTag(steps)),
				new DualWriter(session, new TimeSource(Clock.systemUTC())));
		DenormalizedWrite.Builder write = DenormalizedWrite.builder("write note " + note.id())
			.put(insertSource.bind(note.id(), note.authorId(), note.tag(), note.body()));

		AtomicLong written = new AtomicLong();
		copies.write(note, write, (micros) -> Mono.fromRunnable(() -> steps.add("owner after " + micros)))
			.as(StepVerifier::create)
			.consumeNextWith(written::set)
			.verifyComplete();
		long timestamp = written.get();

		assertThat(steps).startsWith("by-author before", "by-tag before", "owner after " + timestamp)
			.hasSize(5)
			.contains("by-author after " + timestamp, "by-tag after " + timestamp);
		assertThat(writeTime("SELECT writetime(body) FROM copies_notes_by_id WHERE note_id = ?", note.id()))
			.isEqualTo(timestamp);
		assertThat(writeTime("SELECT writetime(body) FROM copies_notes_by_author WHERE author_id = ? AND note_id = ?",
				note.authorId(), note.id()))
			.isEqualTo(timestamp);
		assertThat(writeTime("SELECT writetime(body) FROM copies_notes_by_tag WHERE tag = ? AND note_id = ?",
				note.tag(), note.id()))
			.isEqualTo(timestamp);
	}

	/** A copy whose work before the write fails stops the change: nothing is written. */
	@Test
	void aFailureBeforeTheWriteWritesNothing() {
		Note note = new Note(UUID.randomUUID(), UUID.randomUUID(), "modeling", "refused");
		Copy<Note> refusing = new Copy<>() {

			@Override
			public Mono<AfterWrite> beforeWrite(Note change) {
				return Mono.error(new IllegalStateException("the queue could not be protected"));
			}

		};
		Copies<Note> copies = new Copies<>(List.of(new ByAuthor(new CopyOnWriteArrayList<>()), refusing),
				new DualWriter(session, new TimeSource(Clock.systemUTC())));
		DenormalizedWrite.Builder write = DenormalizedWrite.builder("write note " + note.id())
			.put(insertSource.bind(note.id(), note.authorId(), note.tag(), note.body()));

		copies.write(note, write)
			.as(StepVerifier::create)
			.expectErrorMessage("the queue could not be protected")
			.verify();
		assertThat(session.execute("SELECT * FROM copies_notes_by_id WHERE note_id = ?", note.id()).one()).isNull();
		assertThat(session
			.execute("SELECT * FROM copies_notes_by_author WHERE author_id = ? AND note_id = ?", note.authorId(),
					note.id())
			.one()).isNull();
	}

	/**
	 * Work after the write that fails leaves the write in place and says so: an
	 * {@link AfterWriteException} with the write's timestamp.
	 */
	@Test
	void aFailureAfterTheWriteSaysTheWriteLanded() {
		Note note = new Note(UUID.randomUUID(), UUID.randomUUID(), "timelines", "fanned out");
		Copy<Note> fanOut = new Copy<>() {

			@Override
			public Mono<AfterWrite> beforeWrite(Note change) {
				return Mono.just((micros) -> Mono.error(new IllegalStateException("a follower's timeline timed out")));
			}

		};
		Copies<Note> copies = new Copies<>(List.of(new ByAuthor(new CopyOnWriteArrayList<>()), fanOut),
				new DualWriter(session, new TimeSource(Clock.systemUTC())));
		DenormalizedWrite.Builder write = DenormalizedWrite.builder("write note " + note.id())
			.put(insertSource.bind(note.id(), note.authorId(), note.tag(), note.body()));

		AtomicReference<Throwable> failure = new AtomicReference<>();
		copies.write(note, write).as(StepVerifier::create).expectErrorSatisfies(failure::set).verify();

		assertThat(failure.get())
			.isInstanceOfSatisfying(AfterWriteException.class,
					(afterWrite) -> assertThat(afterWrite.timestampMicros()).isEqualTo(
							writeTime("SELECT writetime(body) FROM copies_notes_by_id WHERE note_id = ?", note.id())))
			.hasRootCauseMessage("a follower's timeline timed out");
		assertThat(writeTime("SELECT writetime(body) FROM copies_notes_by_author WHERE author_id = ? AND note_id = ?",
				note.authorId(), note.id()))
			.isPositive();
	}

	/**
	 * A change whose copies all write on their own, each with a timestamp of its own
	 * (rollups of readings), has no one write: the work after it still runs, given the
	 * change's timestamp.
	 */
	@Test
	void copiesThatWriteOnTheirOwnNeedNoOneWrite() {
		Note note = new Note(UUID.randomUUID(), UUID.randomUUID(), "rollups", "derived");
		List<String> steps = new CopyOnWriteArrayList<>();
		Copy<Note> onItsOwn = new Copy<>() {

			@Override
			public Mono<AfterWrite> beforeWrite(Note change) {
				return Mono.just((micros) -> Mono.fromRunnable(() -> steps.add("after " + micros)));
			}

		};
		Copies<Note> copies = new Copies<>(List.of(onItsOwn),
				new DualWriter(session, new TimeSource(Clock.systemUTC())));

		copies.write(note, DenormalizedWrite.builder("derive from note " + note.id()).timestamp(42))
			.as(StepVerifier::create)
			.expectNext(42L)
			.verifyComplete();
		assertThat(steps).containsExactly("after 42");
	}

	private static long writeTime(String cql, Object... values) {
		Row row = session.execute(cql, values).one();
		assertThat(row).isNotNull();
		return row.getLong(0);
	}

	record Note(UUID id, UUID authorId, String tag, String body) {

	}

	private record ByAuthor(List<String> steps) implements Copy<Note> {

		@Override
		public Mono<Void> write(DenormalizedWrite.Builder write, Note change) {
			return Mono
				.fromRunnable(() -> write.put(insertByAuthor.bind(change.authorId(), change.id(), change.body())));
		}

		@Override
		public Mono<AfterWrite> beforeWrite(Note change) {
			this.steps.add("by-author before");
			return Mono.just((micros) -> Mono.fromRunnable(() -> this.steps.add("by-author after " + micros)));
		}

	}

	private record ByTag(List<String> steps) implements Copy<Note> {

		@Override
		public Mono<Void> write(DenormalizedWrite.Builder write, Note change) {
			return Mono.fromRunnable(() -> write.put(insertByTag.bind(change.tag(), change.id(), change.body())));
		}

		@Override
		public Mono<AfterWrite> beforeWrite(Note change) {
			this.steps.add("by-tag before");
			return Mono.just((micros) -> Mono.fromRunnable(() -> this.steps.add("by-tag after " + micros)));
		}

	}

}
