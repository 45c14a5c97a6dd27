package dev.querydriven.socialfeed.user;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.NotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import dev.querydriven.writeintents.IntentReplayer;
import dev.querydriven.writeintents.NewIntent;
import dev.querydriven.writeintents.WriteIntent;
import dev.querydriven.writeintents.WriteIntents;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Registers users (claims first, profile last) and looks them up. The other features use
 * {@link #require(UUID, String)} to turn an unknown user into a 404 before they write
 * anything.
 */
@Service
public class UserService implements IntentReplayer {

	static final String REGISTERED = "user-registered";

	private static final Logger logger = LoggerFactory.getLogger(UserService.class);

	private final UserRepository users;

	private final WriteIntents intents;

	UserService(UserRepository users, WriteIntents intents) {
		this.users = users;
		this.intents = intents;
	}

	/**
	 * Registers a user: claims the username, then the email, then writes the profile. A
	 * failed step releases the claims this registration holds, and only those. The same
	 * registration repeated completes one that stopped between its claims and its
	 * profile, or answers the profile it wrote.
	 *
	 * <p>
	 * A user registers once: the id is the user's for good (the subject of their token),
	 * and {@code users_by_id} holds one profile per id. Once it exists, a registration
	 * asking for its username and email is a repeat and gets the profile as it is; one
	 * asking for another username or email is a {@link ConflictException} that claims
	 * nothing, since a claim its profile does not name would hold a name no one can have.
	 * @param userId the new user's id
	 * @param request the user to register (validated)
	 * @param createdAt the registration time
	 * @return the profile, or a {@link ConflictException} when the username or email is
	 * taken (its intent stays unfinished: the sweeper's replay finds no profile and no
	 * claim of this registration's own to release) or the user registered with others
	 */
	public Mono<UsersByIdRow> register(UUID userId, NewUser request, Instant createdAt) {
		String username = normalize(request.username());
		String email = normalize(request.email());
		UsersByIdRow user = new UsersByIdRow(userId, username, email, request.displayName().strip(),
				createdAt.truncatedTo(ChronoUnit.MILLIS));
		// The claims' keys are the rows a replay reads, then completes or releases; the
		// intent's own key is the id alone, so no log line of an intent names an email.
		NewIntent intent = NewIntent.of(REGISTERED, "user_id", userId)
			.removing(Map.of("username", username))
			.removing(Map.of("email", email));
		// A registered user is answered before any intent or claim: nothing to write.
		return this.users.findById(userId)
			.flatMap((registered) -> repeatOf(registered, user))
			.switchIfEmpty(Mono.defer(() -> this.intents.run(intent, claimAndWrite(user), Mono::just)));
	}

	/**
	 * What a registration of a user who has a profile gets: the profile, when it asks for
	 * the same username and email (a retry); else a conflict.
	 */
	private static Mono<UsersByIdRow> repeatOf(UsersByIdRow registered, UsersByIdRow asked) {
		if (registered.username().equals(asked.username()) && registered.email().equals(asked.email())) {
			return Mono.just(registered);
		}
		// The problem names the fields, never their values: a 409 is no way to read
		// anyone's username or email back.
		return Mono.error(new ConflictException("User " + registered.userId()
				+ " is already registered, with another username or email (username, email); a user registers once"));
	}

	private Mono<UsersByIdRow> claimAndWrite(UsersByIdRow user) {
		UUID userId = user.userId();
		String username = user.username();
		String email = user.email();
		return this.users.claimUsername(user).flatMap((usernameClaimed) -> {
			if (!usernameClaimed) {
				return Mono.error(new ConflictException("The username is taken (username)"));
			}
			return this.users.claimEmail(email, userId).flatMap((emailClaimed) -> {
				if (!emailClaimed) {
					return this.users.releaseUsername(username, userId)
						.then(Mono.error(new ConflictException("The email is taken (email)")));
				}
				// A repeat racing its first attempt answers the profile that wrote;
				// one of other names that lost such a race gives its claims back.
				return this.users.findById(userId)
					.flatMap((registered) -> repeatOf(registered, user).onErrorResume(ConflictException.class,
							(conflict) -> releaseClaimsNotNamedBy(registered, username, email)
								.then(Mono.error(conflict))))
					.switchIfEmpty(this.users.insert(user).thenReturn(user));
			});
		}).onErrorResume((error) -> !(error instanceof ConflictException), (error) -> releaseClaims(user, error));
	}

	@Override
	public Set<String> kinds() {
		return Set.of(REGISTERED);
	}

	/**
	 * Finishes a registration cut short between its claims and its profile (a process
	 * killed, a deadline passed). Its claims, read at {@code SERIAL}, decide: when this
	 * user holds both, the profile the username's claim describes is written, so the user
	 * exists as the registration meant; when it holds only one (cut short between the
	 * two), that one is released ({@code IF user_id = :me}: a claim held by anyone else
	 * is left alone) and the username or email is free again. When the user has a profile
	 * already (a second registration of other names, cut short before it gave its claims
	 * back), the claims it does not name are released.
	 */
	@Override
	public Mono<Void> replay(WriteIntent intent) {
		UUID userId = intent.uuid("user_id");
		String username = claimed(intent, "username");
		String email = claimed(intent, "email");
		Mono<Boolean> profileWritten = this.users.findUsernameClaim(username)
			.filter((claim) -> userId.equals(claim.userId()) && claim.displayName() != null)
			.filterWhen((claim) -> this.users.findEmailHolder(email).map(userId::equals))
			.flatMap((claim) -> this.users
				.insert(new UsersByIdRow(userId, username, email, claim.displayName(), claim.createdAt()))
				.thenReturn(true));
		return this.users.findById(userId)
			.flatMap((registered) -> releaseClaimsNotNamedBy(registered, username, email).thenReturn(true))
			.switchIfEmpty(Mono.defer(() -> profileWritten.switchIfEmpty(this.users.releaseUsername(username, userId)
				.then(this.users.releaseEmail(email, userId))
				.thenReturn(false))))
			.then();
	}

	/**
	 * Gives back the claims of a registration that the user's profile does not name, and
	 * only if this user holds them ({@code IF user_id = :me}): the profile's own claims
	 * stay.
	 */
	private Mono<Void> releaseClaimsNotNamedBy(UsersByIdRow registered, String username, String email) {
		Mono<Boolean> releaseUsername = registered.username().equals(username) ? Mono.empty()
				: this.users.releaseUsername(username, registered.userId());
		Mono<Boolean> releaseEmail = registered.email().equals(email) ? Mono.empty()
				: this.users.releaseEmail(email, registered.userId());
		return releaseUsername.then(releaseEmail).then();
	}

	private static String claimed(WriteIntent intent, String column) {
		return intent.removedKeys()
			.stream()
			.map((key) -> key.get(column))
			.filter(Objects::nonNull)
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(intent + " names no " + column));
	}

	/**
	 * After an unexpected failure (a timeout may even hide whether a claim applied),
	 * gives back whatever this registration claimed. {@code IF user_id = :me} makes that
	 * safe: a claim held by anyone else is left alone.
	 */
	private Mono<UsersByIdRow> releaseClaims(UsersByIdRow user, Throwable error) {
		// The user's id, never the username or email: a log line is personal data's
		// longest-lived copy, and nothing can erase it.
		logger.warn("Registration of user {} failed, releasing its claims: {}", user.userId(), error.toString());
		return this.users.releaseUsername(user.username(), user.userId())
			.then(this.users.releaseEmail(user.email(), user.userId()))
			.onErrorResume((releaseError) -> {
				error.addSuppressed(releaseError);
				return Mono.empty();
			})
			.then(Mono.error(error));
	}

	/**
	 * The last step of a user's erasure: the username's and the email's claims, then the
	 * profile. The claims are released as a failed registration releases them, by
	 * lightweight transaction and only if this user holds them
	 * ({@code IF user_id = :me}): the claim tables take no plain write (no client
	 * timestamp Paxos could not order), and a name someone else claimed since is theirs.
	 * The profile goes last: while it exists, a repeated or replayed erasure still finds
	 * the names to release. Idempotent: a claim already released does not apply, a
	 * deleted profile is deleted again.
	 * @param user the user's profile
	 * @return completes when the claims and the profile are gone
	 */
	public Mono<Void> erase(UsersByIdRow user) {
		return this.users.releaseUsername(user.username(), user.userId())
			.then(this.users.releaseEmail(user.email(), user.userId()))
			.then(this.users.delete(user.userId()));
	}

	/**
	 * A user by id.
	 * @param userId the id
	 * @return the profile, or empty
	 */
	public Mono<UsersByIdRow> findById(UUID userId) {
		return this.users.findById(userId);
	}

	/**
	 * A user by id, or a 404 naming the parameter.
	 * @param userId the id
	 * @param field the request field or parameter that carried the id
	 * @return the profile, or a {@link NotFoundException}
	 */
	public Mono<UsersByIdRow> require(UUID userId, String field) {
		return this.users.findById(userId)
			.switchIfEmpty(Mono.error(() -> new NotFoundException("No user with id " + userId + " (" + field + ")")));
	}

	/**
	 * A user by username: the claim gives the id, the profile is read by id (a claim of a
	 * registration still in progress has no profile yet, and is not a user).
	 * @param username the username, any case
	 * @return the profile, or empty
	 */
	public Mono<UsersByIdRow> findByUsername(String username) {
		return this.users.findIdByUsername(normalize(username)).flatMap(this.users::findById);
	}

	/**
	 * A user by email, the same way as by username.
	 * @param email the email, any case
	 * @return the profile, or empty
	 */
	public Mono<UsersByIdRow> findByEmail(String email) {
		return this.users.findIdByEmail(normalize(email)).flatMap(this.users::findById);
	}

	static String normalize(String value) {
		return value.strip().toLowerCase(Locale.ROOT);
	}

}
