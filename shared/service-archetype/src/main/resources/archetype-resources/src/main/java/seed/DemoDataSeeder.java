package ${package}.seed;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

import ${package}.note.NoteService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

/**
 * Demo data for dev runs: a few owners with a few notes each, written through the
 * service, so the data passes the same code as real traffic. Owner ids derive from the
 * configured namespace (the {@code seed.namespace} setting); a run that finds the last
 * owner's notes stops at once, so a restart does not add the notes again.
 */
@Component
@ConditionalOnBooleanProperty("querydriven.${artifactId}.seed.enabled")
public class DemoDataSeeder implements ApplicationRunner {

	private static final Logger logger = LoggerFactory.getLogger(DemoDataSeeder.class);

	private static final int CONCURRENCY = 4;

	private static final String[] TEXTS = { "Call the plumber about the kitchen tap", "Buy oat milk and coffee",
			"Return the drill to the neighbours", "Book the train to the conference", "Renew the passport",
			"Water the plants on Friday", "Read chapter 4 before the seminar" };

	private final NoteService notes;

	private final SeedProperties properties;

	public DemoDataSeeder(NoteService notes, SeedProperties properties) {
		this.notes = notes;
		this.properties = properties;
	}

	@Override
	public void run(ApplicationArguments args) {
		// In the background: the service answers while the demo data arrives.
		seed().subscribe(
				(count) -> logger.info("Demo data: {} notes. Try GET /owners/{}/notes with a token for that owner",
						count, ownerId(0)),
				(ex) -> logger.warn("Demo data seeding failed (it resumes on the next start)", ex));
	}

	/**
	 * Seeds the demo data, or does nothing if it is there.
	 * @return how many notes were written
	 */
	public Mono<Integer> seed() {
		UUID last = ownerId(this.properties.owners() - 1);
		return this.notes.findNewestFirst(last, null, 1)
			.flatMap((page) -> page.items().isEmpty() ? write() : Mono.just(0));
	}

	private Mono<Integer> write() {
		return Flux.range(0, this.properties.owners())
			.concatMap((owner) -> Flux.range(0, this.properties.notesPerOwner())
				.flatMap((n) -> this.notes.add(ownerId(owner), TEXTS[(owner + n) % TEXTS.length]), CONCURRENCY)
				.count())
			.reduce(0, (sum, count) -> sum + count.intValue());
	}

	/**
	 * The id of a demo owner.
	 * @param index the owner's number
	 * @return an id derived from the namespace and the number
	 */
	public UUID ownerId(int index) {
		return UUID
			.nameUUIDFromBytes((this.properties.namespace() + "-owner-" + index).getBytes(StandardCharsets.UTF_8));
	}

}
