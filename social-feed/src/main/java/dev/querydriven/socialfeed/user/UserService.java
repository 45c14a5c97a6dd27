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
	 * profile.
	 * @param userId the new user's id
	 * @param request the user to register (validated)
	 * @param createdAt the registration time
	 * @return the profile, or a {@link ConflictException} when the username or email is
	 * taken (its intent stays unfinished: the sweeper's replay finds no profile and no
	 * claim of this registration's own to release)
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
		return this.intents.run(intent, claimAndWrite(user), Mono::just);
	}

	private Mono<UsersByIdRow> claimAndWrite(UsersByIdRow user) {
		UUID userId = user.userId();
		String username = user.username();
		String email = user.email();
		return this.users.claimUsername(user).flatMap((usernameClaimed) -> {
			if (!usernameClaimed) {
				return completeHalfDone(user)
					.switchIfEmpty(Mono.error(() -> new ConflictException("The username '" + username + "' is taken")));
			}
			return this.users.claimEmail(email, userId).flatMap((emailClaimed) -> {
				if (!emailClaimed) {
					return this.users.releaseUsername(username, userId)
						.then(Mono.error(new ConflictException("The email '" + email + "' is taken")));
				}
				// A keyed registration repeated (same id) answers its profile as it is.
				return this.users.findById(userId).switchIfEmpty(this.users.insert(user).thenReturn(user));
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
	 * is left alone) and the username or email is free again.
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
			.hasElement()
			.filter((registered) -> !registered)
			.flatMap((halfDone) -> profileWritten.switchIfEmpty(this.users.releaseUsername(username, userId)
				.then(this.users.releaseEmail(email, userId))
				.thenReturn(false)))
			.then();
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
	 * An identical registration repeated after one cut short (a client gone, a process
	 * killed between the claims and the profile): the username and the email are held by
	 * one user who has no profile, so this registration writes it, under that user's id.
	 */
	private Mono<UsersByIdRow> completeHalfDone(UsersByIdRow user) {
		return this.users.findIdByUsername(user.username())
			.filterWhen((holder) -> this.users.findIdByEmail(user.email()).map(holder::equals))
			.filterWhen((holder) -> this.users.findById(holder).hasElement().map((profile) -> !profile))
			.flatMap((holder) -> {
				UsersByIdRow completed = new UsersByIdRow(holder, user.username(), user.email(), user.displayName(),
						user.createdAt());
				return this.users.insert(completed).thenReturn(completed);
			});
	}

	/**
	 * After an unexpected failure (a timeout may even hide whether a claim applied),
	 * gives back whatever this registration claimed. {@code IF user_id = :me} makes that
	 * safe: a claim held by anyone else is left alone.
	 */
	private Mono<UsersByIdRow> releaseClaims(UsersByIdRow user, Throwable error) {
		logger.warn("Registration of {} failed, releasing its claims: {}", user.username(), error.toString());
		return this.users.releaseUsername(user.username(), user.userId())
			.then(this.users.releaseEmail(user.email(), user.userId()))
			.onErrorResume((releaseError) -> {
				error.addSuppressed(releaseError);
				return Mono.empty();
			})
			.then(Mono.error(error));
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
