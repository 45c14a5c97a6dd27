package dev.querydriven.ecommerceorders.user;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import dev.querydriven.ecommerceorders.order.AddressChangeOutcome;
import dev.querydriven.ecommerceorders.order.OrderService;
import dev.querydriven.ecommerceorders.order.ShippingAddress;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.writeintents.NewIntent;
import dev.querydriven.writeintents.WriteIntents;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * A user's order history and shipping address. The address change is the article's
 * example of denormalization's price: the address is copied into every open order, in
 * every table that holds it, so changing it means finding those orders (without a scan:
 * {@code open_orders_by_user}) and updating each, each with its own lightweight
 * transaction on {@code orders_by_id} and its own copy write.
 *
 * <p>
 * The change is recorded in {@code write_intents} before the user's transaction and runs
 * detached from its request: a client that disconnects half-way through the open orders
 * no longer leaves some with the old address. What is cut short anyway is finished by the
 * sweeper ({@link AddressChangeReplayer}), which applies the user's current address to
 * every open order again.
 *
 * <p>
 * An erasure ({@link #erase}) takes the address out of every order the user placed and
 * removes their address row, recorded and finished the same way.
 */
@Service
public class UserService {

	/** Open orders updated at once during an address change. */
	private static final int ADDRESS_CONCURRENCY = 4;

	private static final int MAX_ATTEMPTS = 5;

	/**
	 * Orders anonymised at once during an erasure: each is a transaction on its own
	 * partition, so they do not contend, and a heavy buyer's thousand orders finish well
	 * within a change's deadline without taking the session's whole budget of statements
	 * in flight.
	 */
	private static final int ERASURE_CONCURRENCY = 16;

	/** The kind of change of an address change, as its intent records it. */
	static final String ADDRESS_CHANGED = "address-changed";

	/** The kind of change of an erasure, as its intent records it. */
	static final String USER_ERASED = "user-erased";

	private final UserRepository repository;

	private final OrderService orders;

	private final CursorCodec cursors;

	private final TimeSource time;

	private final WriteIntents intents;

	UserService(UserRepository repository, OrderService orders, CursorCodec cursors, TimeSource time,
			WriteIntents intents) {
		this.repository = repository;
		this.orders = orders;
		this.cursors = cursors;
		this.time = time;
		this.intents = intents;
	}

	/**
	 * A page of a user's orders, newest first.
	 * @param userId the user
	 * @param cursor the previous page's cursor, or {@code null}
	 * @param limit the page size
	 * @return the page
	 */
	Mono<Page<OrdersByUserRow>> orders(UUID userId, String cursor, int limit) {
		String scope = "user-orders:" + userId;
		return Mono.defer(() -> {
			Instant afterTime = null;
			UUID afterId = null;
			if (cursor != null) {
				List<String> position = this.cursors.decodeValues(scope, cursor);
				try {
					afterTime = Instant.ofEpochMilli(Long.parseLong(position.get(0)));
					afterId = UUID.fromString(position.get(1));
				}
				catch (RuntimeException ex) {
					throw new InvalidRequestException("cursor", "is not a cursor issued for this list");
				}
			}
			return this.repository.findOrdersByUser(userId, afterTime, afterId, limit).collectList().map((rows) -> {
				OrdersByUserRow last = (rows.size() == limit) ? rows.get(rows.size() - 1) : null;
				String next = (last != null)
						? this.cursors.encode(scope,
								List.of(Long.toString(last.orderTime().toEpochMilli()), last.orderId().toString()))
						: null;
				return new Page<>(rows, next);
			});
		});
	}

	/**
	 * A user's current shipping address.
	 * @param userId the user
	 * @return the row, or a {@link NotFoundException}
	 */
	Mono<UsersByIdRow> shippingAddress(UUID userId) {
		return this.repository.findUser(userId)
			.switchIfEmpty(Mono.error(() -> new NotFoundException("User " + userId + " has no shipping address")));
	}

	/**
	 * Changes a user's shipping address and gives it to every open order placed before.
	 * Idempotent: the same address again keeps its version and only re-applies it to the
	 * open orders that lack it, so a retry after a partial failure completes the change.
	 * @param userId the user
	 * @param address the new address
	 * @return the address and what happened to each open order
	 */
	public Mono<AddressChange> changeShippingAddress(UUID userId, ShippingAddress address) {
		// A 409 (the address kept changing) leaves the intent unfinished: its replay
		// applies whatever address the user has then to the open orders, which changes
		// nothing that the winning change did not already write.
		return this.intents.run(NewIntent.of(ADDRESS_CHANGED, "user_id", userId),
				store(userId, address, false, MAX_ATTEMPTS), this::applyToOpenOrders);
	}

	/**
	 * Finishes an address change cut short (the sweeper's replay): the user's address
	 * read at {@code SERIAL}, which also completes a transaction left in flight, applied
	 * again to every open order. No address means the user's first transaction never
	 * applied: nothing to do. The current address, never the one the intent began with,
	 * so a later change is never undone; orders that have it already only get their
	 * copies rewritten, with their version's timestamp.
	 * @param userId the user
	 * @return completes once every open order has the user's address
	 */
	Mono<Void> finishAddressChange(UUID userId) {
		return this.repository.findUserLinearizable(userId).flatMap(this::applyToOpenOrders).then();
	}

	/**
	 * Erases a user's personal data: the shipping address in every order and every copy
	 * of it, and their address row. The orders stay, for the accounts, each with its
	 * address {@linkplain ShippingAddress#countryOnly anonymised}; they leave the user's
	 * open orders, so no address follows them again.
	 *
	 * <p>
	 * One change, recorded in {@code write_intents} before its first write, like an
	 * address change: the address row goes first (a lightweight delete), then every order
	 * found in the user's history or among their open orders, a few at a time
	 * ({@link OrderService#eraseAddress}). Whatever cuts it short (a failure, a killed
	 * process, the change's deadline for a very long history) is finished by the sweeper
	 * ({@link ErasureReplayer}), which runs it again; so does a repeated request. Every
	 * step is idempotent: an order erased already only gets its copies rewritten.
	 * @param userId the user
	 * @return completes once nothing of the user's address is left in any table
	 */
	public Mono<Void> erase(UUID userId) {
		return this.intents.run(NewIntent.of(USER_ERASED, "user_id", userId), this.repository.deleteUser(userId),
				(deleted) -> eraseOrders(userId));
	}

	/**
	 * Finishes an erasure cut short (the sweeper's replay): the whole erasure again.
	 * @param userId the user
	 * @return completes once nothing of the user's address is left
	 */
	Mono<Void> finishErasure(UUID userId) {
		return this.repository.deleteUser(userId).then(eraseOrders(userId));
	}

	private Mono<Void> eraseOrders(UUID userId) {
		UUID operationId = UUID.randomUUID();
		// The open orders too: an order whose placement is still writing its copies
		// may be listed there before its row in the history exists.
		return Flux
			.concat(this.repository.findOrderIds(userId),
					this.repository.findOpenOrders(userId).map(OpenOrdersByUserRow::orderId))
			.distinct()
			.flatMap((orderId) -> this.orders.eraseAddress(orderId, operationId), ERASURE_CONCURRENCY)
			.then();
	}

	private Mono<AddressChange> applyToOpenOrders(UsersByIdRow user) {
		UUID operationId = UUID.randomUUID();
		return this.repository.findOpenOrders(user.userId())
			.flatMap((open) -> this.orders
				.applyAddressChange(open.orderId(), user.shippingAddress(), user.addressVersion(),
						user.addressChangedAt(), operationId)
				.map((outcome) -> new AddressChange.OrderOutcome(open.orderId(), outcome)), ADDRESS_CONCURRENCY)
			.collectList()
			.map((outcomes) -> new AddressChange(user, outcomes));
	}

	private Mono<UsersByIdRow> store(UUID userId, ShippingAddress address, boolean linearizable, int attemptsLeft) {
		Mono<UsersByIdRow> read = linearizable ? this.repository.findUserLinearizable(userId)
				: this.repository.findUser(userId);
		return read.map(Optional::of).defaultIfEmpty(Optional.empty()).flatMap((existing) -> {
			if (existing.isPresent() && existing.get().shippingAddress().equals(address)) {
				return Mono.just(existing.get());
			}
			Instant now = this.time.instantMillis();
			UsersByIdRow next = existing.map((user) -> user.withAddress(address, now))
				.orElseGet(() -> new UsersByIdRow(userId, address, 1, now));
			Mono<Boolean> applied = existing.isPresent() ? this.repository.compareAndSetAddress(existing.get(), next)
					: this.repository.insertUserIfNotExists(next);
			return applied.flatMap((done) -> {
				if (done) {
					return Mono.just(next);
				}
				if (attemptsLeft <= 1) {
					return Mono.error(
							new ConflictException("The shipping address of user " + userId + " kept changing: retry"));
				}
				// Another change won (or this request's own timed-out first attempt did):
				// read the winner and decide again.
				return store(userId, address, true, attemptsLeft - 1);
			});
		});
	}

	/**
	 * The result of an address change.
	 *
	 * @param user the user's address after the change
	 * @param orders what happened to each open order
	 */
	public record AddressChange(UsersByIdRow user, List<OrderOutcome> orders) {

		/**
		 * One open order.
		 *
		 * @param orderId the order
		 * @param outcome what happened to it
		 */
		public record OrderOutcome(UUID orderId, AddressChangeOutcome outcome) {

		}

	}

}
