package dev.querydriven.socialfeed.user;

import java.util.UUID;
import java.util.function.Supplier;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import dev.querydriven.modeling.ServesQuery;
import dev.querydriven.modeling.dualwrite.LightweightTransactions;
import reactor.core.publisher.Mono;

import org.springframework.data.cassandra.core.DeleteOptions;
import org.springframework.data.cassandra.core.EntityWriteResult;
import org.springframework.data.cassandra.core.InsertOptions;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.cql.QueryOptions;
import org.springframework.data.cassandra.core.query.Query;
import org.springframework.stereotype.Repository;

import static org.springframework.data.cassandra.core.query.Criteria.where;

/**
 * The user tables: {@code users_by_id} (Q1), and the claim tables
 * {@code users_by_username} (Q7) and {@code users_by_email} (Q8). Every read restricts
 * the full partition key.
 *
 * <p>
 * Profiles are written and read at {@code LOCAL_QUORUM}: a follow or a post checks that a
 * user exists right after the registration answered 201, and a quorum read always
 * overlaps the quorum that acknowledged the write. Claims are lightweight transactions:
 * Paxos runs among the local replicas ({@code LOCAL_SERIAL}) and commits at
 * {@code LOCAL_QUORUM}, so a claim is visible to every quorum read once it is
 * acknowledged.
 */
@Repository
class UserRepository {

	private static final QueryOptions READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	/** A claim as Paxos sees it, after a claim whose answer was lost did not apply. */
	private static final QueryOptions LINEARIZABLE_READ = QueryOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
		.idempotent(true)
		.build();

	private static final InsertOptions PROFILE = InsertOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private static final DeleteOptions PROFILE_DELETE = DeleteOptions.builder()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.idempotent(true)
		.build();

	private static final InsertOptions CLAIM = InsertOptions.builder()
		.withIfNotExists()
		.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
		.serialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
		.build();

	private final ReactiveCassandraOperations template;

	UserRepository(ReactiveCassandraOperations template) {
		this.template = template;
	}

	@ServesQuery("Q1")
	Mono<Void> insert(UsersByIdRow user) {
		return this.template.insert(user, PROFILE).then();
	}

	/**
	 * Deletes a user's profile: the last step of an erasure. A plain delete, with the
	 * driver's timestamp like the profile's insert, so it wins over every earlier write
	 * of the row.
	 * @param userId the user
	 * @return completes when deleted
	 */
	@ServesQuery("Q1")
	Mono<Void> delete(UUID userId) {
		return this.template
			.delete(Query.query(where("userId").is(userId)).queryOptions(PROFILE_DELETE), UsersByIdRow.class)
			.then();
	}

	@ServesQuery("Q1")
	Mono<UsersByIdRow> findById(UUID userId) {
		return this.template.select(Query.query(where("userId").is(userId)).queryOptions(READ), UsersByIdRow.class)
			.next();
	}

	/**
	 * Claims a username for a user: applied only when nobody holds it. The claim carries
	 * the profile it is made for (display name, time), so that a registration cut short
	 * before its profile can be finished from its claims. A claim whose answer was lost
	 * is retried; the retry then finds the claim taken, and the linearizable read tells
	 * whether this user is the one holding it (its own first attempt applied) or someone
	 * else.
	 * @param user the profile the username is claimed for
	 * @return whether this user holds the claim
	 */
	@ServesQuery("Q7")
	Mono<Boolean> claimUsername(UsersByIdRow user) {
		return claim(new UsersByUsernameRow(user.username(), user.userId(), user.displayName(), user.createdAt()),
				() -> findUsernameClaim(user.username()).map((claim) -> claim.userId().equals(user.userId())));
	}

	/**
	 * A username's claim as Paxos sees it: a claim whose answer was lost, or one a
	 * registration cut short left, is read as it was decided.
	 * @param username the lower-case username
	 * @return the claim, or empty
	 */
	@ServesQuery("Q7")
	Mono<UsersByUsernameRow> findUsernameClaim(String username) {
		return this.template
			.select(Query.query(where("username").is(username)).queryOptions(LINEARIZABLE_READ),
					UsersByUsernameRow.class)
			.next();
	}

	/**
	 * Releases a username only if this user holds it ({@code IF user_id = ?}).
	 * @param username the lower-case username
	 * @param userId the user who claimed it
	 * @return whether a claim was released
	 */
	@ServesQuery("Q7")
	Mono<Boolean> releaseUsername(String username, UUID userId) {
		return release(Query.query(where("username").is(username)), userId, UsersByUsernameRow.class);
	}

	@ServesQuery("Q7")
	Mono<UUID> findIdByUsername(String username) {
		return this.template
			.select(Query.query(where("username").is(username)).queryOptions(READ), UsersByUsernameRow.class)
			.next()
			.map(UsersByUsernameRow::userId);
	}

	@ServesQuery("Q8")
	Mono<Boolean> claimEmail(String email, UUID userId) {
		return claim(new UsersByEmailRow(email, userId), () -> findEmailHolder(email).map(userId::equals));
	}

	/**
	 * Who holds an email's claim, as Paxos sees it.
	 * @param email the lower-case email
	 * @return the holder's id, or empty
	 */
	@ServesQuery("Q8")
	Mono<UUID> findEmailHolder(String email) {
		return this.template
			.select(Query.query(where("email").is(email)).queryOptions(LINEARIZABLE_READ), UsersByEmailRow.class)
			.next()
			.map(UsersByEmailRow::userId);
	}

	@ServesQuery("Q8")
	Mono<Boolean> releaseEmail(String email, UUID userId) {
		return release(Query.query(where("email").is(email)), userId, UsersByEmailRow.class);
	}

	@ServesQuery("Q8")
	Mono<UUID> findIdByEmail(String email) {
		return this.template.select(Query.query(where("email").is(email)).queryOptions(READ), UsersByEmailRow.class)
			.next()
			.map(UsersByEmailRow::userId);
	}

	private Mono<Boolean> claim(Object row, Supplier<Mono<Boolean>> heldByMe) {
		// Never idempotent, never a client timestamp: Paxos orders the claim.
		return LightweightTransactions
			.execute(Mono.defer(() -> this.template.insert(row, CLAIM)).map(EntityWriteResult::wasApplied))
			.flatMap((applied) -> applied ? Mono.just(true) : heldByMe.get().defaultIfEmpty(false));
	}

	private Mono<Boolean> release(Query claim, UUID userId, Class<?> table) {
		// An IF condition is not mapped like the query: it names the column and carries
		// the stored value.
		DeleteOptions options = DeleteOptions.builder()
			.ifCondition(where("user_id").is(userId))
			.consistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.serialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
			.build();
		return LightweightTransactions
			.execute(Mono.defer(() -> this.template.delete(claim.queryOptions(options), table)));
	}

}
