package dev.querydriven.writeintents;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.querydriven.modeling.dualwrite.ScriptedExecutor;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.testcassandra.CassandraTest;
import dev.querydriven.testcassandra.SharedCassandra;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.threeten.extra.MutableClock;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;
import reactor.util.context.Context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The durable record of changes against the real node: an intent is written before the
 * change's first write and marked once it is done; a change runs to completion whatever
 * its caller does; what was cut short is finished by the sweeper from the source. Checks
 * the intents table and the change's own table in every test.
 */
@CassandraTest
class WriteIntentsIntegrationTests {

	private static final Duration DEADLINE = Duration.ofSeconds(10);

	private static CqlSession session;

	private MutableClock clock;

	private TimeSource time;

	private ScriptedExecutor executor;

	private final List<WriteIntent> replayed = new CopyOnWriteArrayList<>();

	@BeforeAll
	static void createTables() throws IOException {
		// The tables are created as a service's migrations create them, by the keyspace's
		// migrator; the test reads and writes as the service's runtime role.
		try (CqlSession migrator = SharedCassandra.migratorSession("intents");
				InputStream script = WriteIntents.class.getClassLoader()
					.getResourceAsStream("querydriven/write-intents/001_write_intents.cql")) {
			String cql = new String(script.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?m)^--.*$", "");
			for (String statement : cql.split(";\\s*\\n")) {
				if (!statement.isBlank()) {
					migrator.execute(statement);
				}
			}
			migrator.execute("CREATE TABLE IF NOT EXISTS intent_notes (note_id uuid PRIMARY KEY, body text) "
					+ "WITH comment = 'Q1: a note, the source the intents tests change'");
		}
		session = SharedCassandra.serviceSession("intents");
	}

	private static final Duration HORIZON = Duration.ofMinutes(10);

	/** Each test's intents begin an hour after the previous test's. */
	private static int hours;

	@BeforeEach
	void clock() {
		// Minutes of its own for each test, so that no test sweeps another's intents. The
		// clock only sets the intents' ids, buckets and completion times, never a write
		// timestamp (which must not run ahead of the node's clock).
		this.clock = MutableClock.of(Instant.now().plus(Duration.ofHours(++hours)).truncatedTo(ChronoUnit.MINUTES),
				ZoneOffset.UTC);
		this.time = new TimeSource(this.clock);
		this.executor = new ScriptedExecutor(session);
	}

	/**
	 * The intent is written before the source, with the change's kind and key, and its
	 * completion once the copies are written: a cell, not a delete.
	 */
	@Test
	void anIntentIsRecordedFirstAndCompletedLast() {
		WriteIntents intents = intents(WriteIntents.Settings.DEFAULTS);
		UUID noteId = UUID.randomUUID();
		intents.run(NewIntent.of("note-written", "note_id", noteId), write(noteId, "hello"), (ignored) -> Mono.just(1))
			.as(StepVerifier::create)
			.expectNext(1)
			.verifyComplete();

		assertThat(ScriptedExecutor.cqlOf(this.executor.executed().get(0))).as("the first statement sent")
			.startsWith("INSERT INTO write_intents");
		assertThat(body(noteId)).isEqualTo("hello");
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(intentsOfThisMinute()).singleElement().satisfies((row) -> {
				assertThat(row.getString("kind")).isEqualTo("note-written");
				assertThat(row.getMap("source_key", String.class, String.class)).containsEntry("note_id",
						noteId.toString());
				assertThat(row.getInstant("completed_at")).isNotNull();
			}));
	}

	/**
	 * A detached change still carries its caller's context (a request's scope, a trace),
	 * so its statements count as the request's.
	 */
	@Test
	void aDetachedChangeKeepsItsCallersContext() {
		WriteIntents intents = intents(WriteIntents.Settings.DEFAULTS);
		UUID noteId = UUID.randomUUID();
		intents
			.run(NewIntent.of("note-written", "note_id", noteId),
					Mono.deferContextual((context) -> Mono.just(context.getOrDefault("request", "none")))
						.flatMap((request) -> write(noteId, request).thenReturn(request)),
					(request) -> Mono.deferContextual((context) -> Mono.just(request + "/" + context.get("request"))))
			.contextWrite(Context.of("request", "POST /notes"))
			.as(StepVerifier::create)
			.expectNext("POST /notes/POST /notes")
			.verifyComplete();
		assertThat(body(noteId)).isEqualTo("POST /notes");
	}

	/**
	 * A caller that goes away (a client disconnecting) stops waiting, not the change: its
	 * source and copies are written and its intent completed.
	 */
	@Test
	void aCancelledCallerDoesNotStopTheChange() {
		WriteIntents intents = intents(WriteIntents.Settings.DEFAULTS);
		UUID noteId = UUID.randomUUID();
		Sinks.Empty<Void> sourceWritten = Sinks.empty();
		Sinks.Empty<Void> goOn = Sinks.empty();
		Disposable caller = intents
			.run(NewIntent.of("note-written", "note_id", noteId),
					write(noteId, "kept").doOnSuccess((ignored) -> sourceWritten.tryEmitEmpty()),
					(ignored) -> goOn.asMono().then(write(noteId, "kept, with its copies")))
			.subscribe();
		sourceWritten.asMono().as(StepVerifier::create).verifyComplete();
		caller.dispose();
		goOn.tryEmitEmpty();

		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			assertThat(body(noteId)).isEqualTo("kept, with its copies");
			assertThat(intentsOfThisMinute()).singleElement()
				.satisfies((row) -> assertThat(row.getInstant("completed_at")).isNotNull());
		});
		assertThat(intents.inFlight()).isZero();
	}

	/**
	 * A change whose copies fail leaves its intent unfinished; the sweeper leaves it
	 * alone within the deadline, then replays it, marks it completed and moves its
	 * watermark past the minute.
	 */
	@Test
	void theSweeperFinishesAChangeCutShortOnceItsDeadlinePassed() {
		WriteIntents intents = intents(WriteIntents.Settings.DEFAULTS);
		IntentSweeper sweeper = sweeper(intents);
		UUID noteId = UUID.randomUUID();
		// Half a minute into the minute, so that a sweep within the deadline reads it.
		this.clock.add(Duration.ofSeconds(30));
		intents
			.run(NewIntent.of("note-written", "note_id", noteId), write(noteId, "source only"),
					(ignored) -> Mono.error(new IllegalStateException("a copy timed out")))
			.as(StepVerifier::create)
			.expectErrorMessage("a copy timed out")
			.verify();

		this.clock.add(Duration.ofSeconds(5));
		sweeper.sweep().as(StepVerifier::create).assertNext((report) -> {
			assertThat(report.pending()).as("within its deadline").isEqualTo(1);
			assertThat(report.replayed()).isZero();
		}).verifyComplete();
		assertThat(this.replayed).isEmpty();

		this.clock.add(DEADLINE.plus(Duration.ofMinutes(1)));
		sweeper.sweep().as(StepVerifier::create).assertNext((report) -> {
			assertThat(report.replayed()).isEqualTo(1);
			assertThat(report.unfinished()).isZero();
			assertThat(report.sweptUntil()).isAfter(report.from());
		}).verifyComplete();
		assertThat(this.replayed).singleElement().satisfies((intent) -> {
			assertThat(intent.kind()).isEqualTo("note-written");
			assertThat(intent.uuid("note_id")).isEqualTo(noteId);
		});
		assertThat(intentsOfMinute(intentMinute())).singleElement()
			.satisfies((row) -> assertThat(row.getInstant("completed_at")).isNotNull());

		this.replayed.clear();
		sweeper.sweep().as(StepVerifier::create).assertNext((report) -> {
			assertThat(report.read()).as("the watermark moved past the minute").isZero();
		}).verifyComplete();
		assertThat(this.replayed).isEmpty();
	}

	/**
	 * When the intent cannot be written, the change does not begin: the caller gets the
	 * failure and the source is untouched.
	 */
	@Test
	void noIntentNoChange() {
		WriteIntents intents = intents(WriteIntents.Settings.DEFAULTS);
		this.executor.fail("INSERT INTO write_intents", 1, () -> new IllegalStateException("write timeout"));
		UUID noteId = UUID.randomUUID();
		intents.run(NewIntent.of("note-written", "note_id", noteId), write(noteId, "never"), (ignored) -> Mono.just(1))
			.as(StepVerifier::create)
			.expectErrorSatisfies((error) -> assertThat(error).isInstanceOf(ChangeNotStartedException.class)
				.hasMessageContaining("nothing was written")
				.hasRootCauseMessage("write timeout"))
			.verify();
		assertThat(body(noteId)).isNull();
		assertThat(intents.inFlight()).isZero();
	}

	/**
	 * Beyond the changes allowed in flight, a change is refused before anything is
	 * written; once one finishes, the next is accepted.
	 */
	@Test
	void beyondTheBoundAChangeIsRefusedBeforeAnythingIsWritten() {
		WriteIntents intents = intents(new WriteIntents.Settings(1, DEADLINE, 4));
		Sinks.Empty<Void> release = Sinks.empty();
		UUID first = UUID.randomUUID();
		UUID second = UUID.randomUUID();
		Disposable running = intents
			.run(NewIntent.of("note-written", "note_id", first), write(first, "first"),
					(ignored) -> release.asMono().thenReturn(1))
			.subscribe();
		intents.run(NewIntent.of("note-written", "note_id", second), write(second, "second"), (ignored) -> Mono.just(2))
			.as(StepVerifier::create)
			.expectError(WritesOverloadedException.class)
			.verify();
		assertThat(body(second)).isNull();
		assertThat(intents.rejected()).isEqualTo(1);

		release.tryEmitEmpty();
		await().atMost(Duration.ofSeconds(10)).until(() -> intents.inFlight() == 0);
		running.dispose();
		intents.run(NewIntent.of("note-written", "note_id", second), write(second, "second"), (ignored) -> Mono.just(2))
			.as(StepVerifier::create)
			.expectNext(2)
			.verifyComplete();
	}

	/**
	 * A graceful shutdown refuses new changes and waits for those in flight: they finish
	 * and their intents are completed.
	 */
	@Test
	void drainingWaitsForTheChangesInFlight() {
		WriteIntents intents = intents(WriteIntents.Settings.DEFAULTS);
		this.executor.delayEach(Duration.ofMillis(200));
		UUID noteId = UUID.randomUUID();
		intents
			.run(NewIntent.of("note-written", "note_id", noteId), write(noteId, "drained"), (ignored) -> Mono.just(1))
			.subscribe();

		assertThat(intents.drain(Duration.ofSeconds(10))).isTrue();
		assertThat(body(noteId)).isEqualTo("drained");
		assertThat(intents.inFlight()).isZero();
		intents.run(NewIntent.of("note-written", "note_id", UUID.randomUUID()), Mono.just(1), Mono::just)
			.as(StepVerifier::create)
			.expectError(WritesOverloadedException.class)
			.verify();
	}

	/**
	 * A sweeper that fell behind its horizon does not read the minutes past it (their
	 * intents may have expired and would come back as tombstones), and never reaches
	 * further back than the intents live.
	 */
	@Test
	void aSweeperNeverReadsPastItsHorizon() {
		WriteIntents intents = intents(WriteIntents.Settings.DEFAULTS);
		IntentSweeper sweeper = sweeper(intents);
		session.execute("UPDATE write_intent_sweeps SET swept_until = ? WHERE minute = ?",
				this.clock.instant().minus(Duration.ofDays(2)), this.clock.instant().truncatedTo(ChronoUnit.MINUTES));
		sweeper.sweep()
			.as(StepVerifier::create)
			.assertNext((report) -> assertThat(report.from()).isAfter(this.clock.instant().minus(HORIZON)))
			.verifyComplete();
		assertThat(IntentSweeper.HORIZON).isLessThan(WriteIntents.TIME_TO_LIVE);
	}

	private WriteIntents intents(WriteIntents.Settings settings) {
		return new WriteIntents(session, this.executor, this.time, settings, WriteIntents.Hooks.NONE);
	}

	private IntentSweeper sweeper(WriteIntents intents) {
		IntentReplayer replayer = new IntentReplayer() {

			@Override
			public Set<String> kinds() {
				return Set.of("note-written");
			}

			@Override
			public Mono<Void> replay(WriteIntent intent) {
				return Mono.fromRunnable(() -> WriteIntentsIntegrationTests.this.replayed.add(intent));
			}

		};
		return new IntentSweeper(intents, this.executor, (statement) -> Flux.from(session.executeReactive(statement)),
				this.time, List.of(replayer), HORIZON);
	}

	private Mono<Boolean> write(UUID noteId, String body) {
		return this.executor.execute(
				SimpleStatement.newInstance("INSERT INTO intent_notes (note_id, body) VALUES (?, ?)", noteId, body));
	}

	private static String body(UUID noteId) {
		Row row = session.execute("SELECT body FROM intent_notes WHERE note_id = ?", noteId).one();
		return (row != null) ? row.getString("body") : null;
	}

	private Instant intentMinute() {
		return this.clock.instant()
			.minus(DEADLINE)
			.minus(Duration.ofMinutes(1))
			.minusSeconds(35)
			.truncatedTo(ChronoUnit.MINUTES);
	}

	private List<Row> intentsOfThisMinute() {
		return intentsOfMinute(this.clock.instant().truncatedTo(ChronoUnit.MINUTES));
	}

	private static List<Row> intentsOfMinute(Instant minute) {
		return session.execute(SimpleStatement.newInstance(
				"SELECT kind, source_key, completed_at FROM write_intents WHERE bucket = ? AND shard IN (0, 1, 2, 3)",
				minute))
			.all();
	}

}
