package dev.querydriven.socialfeed.user;

import java.util.UUID;

import com.datastax.dse.driver.api.core.cql.reactive.ReactiveRow;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.modeling.catalog.ServesQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Repository;

/**
 * The user tables: {@code users_by_id} (Q1), and the claim tables
 * {@code users_by_username} (Q7) and {@code users_by_email} (Q8).
 */
@Repository
class UserRepository {

	/**
	 * Profiles are written and read at LOCAL_QUORUM: a follow or a post checks that a
	 * user exists right after the registration answered 201, and a quorum read always
	 * overlaps the quorum that acknowledged the write.
	 */
	private static final ConsistencyLevel PROFILE = ConsistencyLevel.LOCAL_QUORUM;

	/**
	 * Claims are lightweight transactions: Paxos runs among the local replicas
	 * (LOCAL_SERIAL) and commits at LOCAL_QUORUM, so a claim is visible to every quorum
	 * read once it is acknowledged.
	 */
	private static final ConsistencyLevel CLAIM_SERIAL = ConsistencyLevel.LOCAL_SERIAL;

	private static final ConsistencyLevel CLAIM_COMMIT = ConsistencyLevel.LOCAL_QUORUM;

	private final CqlSession session;

	private final PreparedStatement insertUser;

	private final PreparedStatement selectUser;

	private final PreparedStatement claimUsername;

	private final PreparedStatement releaseUsername;

	private final PreparedStatement selectUsername;

	private final PreparedStatement claimEmail;

	private final PreparedStatement releaseEmail;

	private final PreparedStatement selectEmail;

	UserRepository(CqlSession session) {
		this.session = session;
		this.insertUser = session
			.prepare("INSERT INTO users_by_id (user_id, username, email, display_name, created_at) "
					+ "VALUES (?, ?, ?, ?, ?)");
		this.selectUser = session
			.prepare("SELECT user_id, username, email, display_name, created_at FROM users_by_id WHERE user_id = ?");
		this.claimUsername = session
			.prepare("INSERT INTO users_by_username (username, user_id) VALUES (?, ?) IF NOT EXISTS");
		this.releaseUsername = session.prepare("DELETE FROM users_by_username WHERE username = ? IF user_id = ?");
		this.selectUsername = session.prepare("SELECT user_id FROM users_by_username WHERE username = ?");
		this.claimEmail = session.prepare("INSERT INTO users_by_email (email, user_id) VALUES (?, ?) IF NOT EXISTS");
		this.releaseEmail = session.prepare("DELETE FROM users_by_email WHERE email = ? IF user_id = ?");
		this.selectEmail = session.prepare("SELECT user_id FROM users_by_email WHERE email = ?");
	}

	@ServesQuery("Q1")
	Mono<Void> insert(UsersByIdRow user) {
		return execute(
				this.insertUser.bind(user.userId(), user.username(), user.email(), user.displayName(), user.createdAt())
					.setConsistencyLevel(PROFILE)
					.setIdempotent(true))
			.then();
	}

	@ServesQuery("Q1")
	Mono<UsersByIdRow> findById(UUID userId) {
		return execute(this.selectUser.bind(userId).setConsistencyLevel(PROFILE).setIdempotent(true)).next()
			.map(UserRepository::toUser);
	}

	/**
	 * Claims a username for a user: applied only when nobody holds it.
	 * @param username the lower-case username
	 * @param userId the claiming user
	 * @return whether the claim applied
	 */
	@ServesQuery("Q7")
	Mono<Boolean> claimUsername(String username, UUID userId) {
		return applied(this.claimUsername.bind(username, userId));
	}

	/**
	 * Releases a username only if this user holds it.
	 * @param username the lower-case username
	 * @param userId the user who claimed it
	 * @return whether a claim was released
	 */
	@ServesQuery("Q7")
	Mono<Boolean> releaseUsername(String username, UUID userId) {
		return applied(this.releaseUsername.bind(username, userId));
	}

	@ServesQuery("Q7")
	Mono<UUID> findIdByUsername(String username) {
		return execute(this.selectUsername.bind(username).setConsistencyLevel(CLAIM_COMMIT).setIdempotent(true)).next()
			.map((row) -> row.getUuid("user_id"));
	}

	@ServesQuery("Q8")
	Mono<Boolean> claimEmail(String email, UUID userId) {
		return applied(this.claimEmail.bind(email, userId));
	}

	@ServesQuery("Q8")
	Mono<Boolean> releaseEmail(String email, UUID userId) {
		return applied(this.releaseEmail.bind(email, userId));
	}

	@ServesQuery("Q8")
	Mono<UUID> findIdByEmail(String email) {
		return execute(this.selectEmail.bind(email).setConsistencyLevel(CLAIM_COMMIT).setIdempotent(true)).next()
			.map((row) -> row.getUuid("user_id"));
	}

	private Mono<Boolean> applied(BoundStatement lightweightTransaction) {
		// Never idempotent: a retried Paxos round could see its own first attempt and
		// report "not applied".
		BoundStatement statement = lightweightTransaction.setSerialConsistencyLevel(CLAIM_SERIAL)
			.setConsistencyLevel(CLAIM_COMMIT)
			.setIdempotent(false);
		return execute(statement).next().map(ReactiveRow::wasApplied);
	}

	private Flux<ReactiveRow> execute(Statement<?> statement) {
		return Flux.from(this.session.executeReactive(statement));
	}

	private static UsersByIdRow toUser(Row row) {
		return new UsersByIdRow(row.getUuid("user_id"), row.getString("username"), row.getString("email"),
				row.getString("display_name"), row.getInstant("created_at"));
	}

}
