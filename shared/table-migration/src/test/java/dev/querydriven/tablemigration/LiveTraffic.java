package dev.querydriven.tablemigration;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The service under load while it migrates: one write after another (so the expected
 * state of every post is known), each routed by the phase the engine gives — 60 % title
 * edits of existing posts, 25 % new posts, 15 % deletions.
 */
final class LiveTraffic {

	private final MigrationFixture fixture;

	private final MigrationEngine engine;

	private final Map<UUID, CategoryPost> expected;

	private final List<UUID> ids;

	private final int categories;

	private final AtomicBoolean stopping = new AtomicBoolean();

	private final Map<MigrationPhase, AtomicLong> writesByPhase = new EnumMap<>(MigrationPhase.class);

	private CompletableFuture<Long> running;

	LiveTraffic(MigrationFixture fixture, MigrationEngine engine, Map<UUID, CategoryPost> seeded, int categories) {
		this.fixture = fixture;
		this.engine = engine;
		this.expected = new ConcurrentHashMap<>(seeded);
		this.ids = new ArrayList<>(seeded.keySet());
		this.categories = categories;
		for (MigrationPhase phase : MigrationPhase.values()) {
			this.writesByPhase.put(phase, new AtomicLong());
		}
	}

	LiveTraffic start() {
		this.running = Flux.range(0, Integer.MAX_VALUE)
			.takeWhile((i) -> !this.stopping.get())
			.concatMap(this::write)
			.count()
			.toFuture();
		return this;
	}

	/**
	 * Stops after the write in flight.
	 * @return the number of writes made
	 */
	long stop() throws Exception {
		this.stopping.set(true);
		return this.running.get(30, TimeUnit.SECONDS);
	}

	Map<UUID, CategoryPost> expected() {
		return this.expected;
	}

	long writesIn(MigrationPhase phase) {
		return this.writesByPhase.get(phase).get();
	}

	private Mono<Long> write(int i) {
		return this.engine.phase(this.fixture.name()).flatMap((phase) -> {
			this.writesByPhase.get(phase).incrementAndGet();
			ThreadLocalRandom random = ThreadLocalRandom.current();
			int dice = random.nextInt(100);
			if (dice < 25 || this.ids.isEmpty()) {
				CategoryPost post = MigrationFixture.randomPost("category-" + random.nextInt(this.categories));
				return this.fixture.save(this.engine, post).doOnSuccess((timestamp) -> {
					this.expected.put(post.postId(), post);
					this.ids.add(post.postId());
				});
			}
			int index = random.nextInt(this.ids.size());
			CategoryPost post = this.expected.get(this.ids.get(index));
			if (dice < 85) {
				CategoryPost edited = post.withTitle("edited " + i);
				return this.fixture.save(this.engine, edited)
					.doOnSuccess((timestamp) -> this.expected.put(edited.postId(), edited));
			}
			return this.fixture.delete(this.engine, post).doOnSuccess((timestamp) -> {
				this.expected.remove(post.postId());
				this.ids.set(index, this.ids.get(this.ids.size() - 1));
				this.ids.remove(this.ids.size() - 1);
			});
		});
	}

}
