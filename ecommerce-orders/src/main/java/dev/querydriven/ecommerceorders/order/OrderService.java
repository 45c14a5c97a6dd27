package dev.querydriven.ecommerceorders.order;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

import dev.querydriven.modeling.dualwrite.Copies;
import dev.querydriven.modeling.dualwrite.Copy;
import dev.querydriven.modeling.dualwrite.DenormalizedWrite;
import dev.querydriven.modeling.dualwrite.DualWriter;
import dev.querydriven.modeling.dualwrite.WriteStrategy;
import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.idempotency.IdempotencyKeys;
import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.servicesupport.web.ConflictException;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.NotFoundException;
import dev.querydriven.writeintents.NewIntent;
import dev.querydriven.writeintents.WriteIntents;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Mono;

import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;

/**
 * The order's life, and the modeling decisions behind it:
 * <ul>
 * <li>{@code orders_by_id} is the source of truth and only ever changes by lightweight
 * transaction: placement {@code IF NOT EXISTS}, a status change
 * {@code IF status = ? AND version = ?}, an address change
 * {@code IF status IN ('PENDING', 'PAID') AND version = ?}. Of two concurrent changes,
 * exactly one applies; the other gets a 409 and changes nothing.</li>
 * <li>After a transaction applied, every copy is written (each feature keeping one
 * implements {@link Copy} for {@link OrderChange}) in one write with the timestamp of the
 * new version ({@link OrdersByIdRow#copyTimestamp()}), so copies written late or twice
 * converge on the latest version.</li>
 * <li>Every operation carries an id recorded on the order. A transaction that timed out
 * may have applied: its retry, finding the condition false, looks for its id and
 * recognises its own success instead of answering 409. A client retrying with the same
 * order id (placement) or operation id (status change) gets the same answer, and the
 * copies are written again, which repairs any that the first attempt left unwritten.</li>
 * <li>Every change is recorded in {@code write_intents} before its transaction
 * ({@link WriteIntents}), then runs detached from its request: a client that disconnects
 * no longer stops it between the transaction and the copies, and a change cut short
 * anyway (a killed process, copies that outlived their retries) is finished by the
 * sweeper ({@link OrderIntentReplayer}): it reads the order at {@code SERIAL} and
 * rewrites every copy from the current version, so a change that overtook the one it
 * finishes is never undone.</li>
 * </ul>
 */
@Service
public class OrderService {

	/**
	 * Attempts of a change whose transaction lost only to a change of another field (e.g.
	 * a payment racing an address change): the status is unchanged, so the payment is
	 * still legal and is tried again on the new version.
	 */
	private static final int MAX_ATTEMPTS = 5;

	/** The kind of change of a placement, as its intent records it. */
	static final String PLACED = "order-placed";

	/** The kind of change of a status change, as its intent records it. */
	static final String STATUS_CHANGED = "order-status-changed";

	private final OrderRepository repository;

	private final Copies<OrderChange> copies;

	private final TimeSource time;

	private final MeterRegistry meters;

	private final WriteIntents intents;

	private final IdempotencyKeys keys;

	OrderService(OrderRepository repository, List<Copy<OrderChange>> copies, DualWriter writer, TimeSource time,
			MeterRegistry meters, WriteIntents intents, IdempotencyKeys keys) {
		this.repository = repository;
		this.copies = new Copies<>(copies, writer);
		this.time = time;
		this.meters = meters;
		this.intents = intents;
		this.keys = keys;
	}

	/**
	 * Places an order now.
	 * @param order the order to place
	 * @return the order, created or replayed
	 */
	public Mono<PlacedOrder> place(NewOrder order) {
		return Mono.defer(() -> place(order, this.time.instant()));
	}

	/**
	 * Places an order at a given time (the demo seeder backdates orders).
	 * @param request the order to place
	 * @param orderTime the order time
	 * @return the order, created or replayed
	 */
	public Mono<PlacedOrder> place(NewOrder request, Instant orderTime) {
		return place(request, orderTime, UUID.randomUUID());
	}

	/**
	 * Places an order now, at most once per {@code Idempotency-Key} of its user (the
	 * caller, whose token names them: two users' keys never meet). Without the client's
	 * own order id, a placement draws one, so a repeat would place a second order; with a
	 * key, the first request claims it with the id it draws, and a repeat of the same
	 * request gets that id and runs again on it: the same cells written, and the same
	 * answer, since its operation id (derived from the key) is the one the order recorded
	 * at placement. The same key with another order is a 422 naming the header.
	 * @param request the order to place
	 * @param idempotencyKey the request's {@code Idempotency-Key}, or {@code null}
	 * @return the order, created (a repeat of the request that created it included) or
	 * replayed
	 */
	public Mono<PlacedOrder> place(NewOrder request, String idempotencyKey) {
		if (idempotencyKey == null) {
			return place(request);
		}
		return Mono.defer(() -> {
			// Checked before the key is claimed: a rejected order claims nothing.
			items(request.items());
			// The key is the user's own: the order's user is the caller, never a value
			// the client writes, so another user's identical key claims nothing here.
			String scope = request.userId().toString();
			UUID operationId = UUID.nameUUIDFromBytes(
					(IdempotencyKeys.HEADER + " " + scope + " " + idempotencyKey).getBytes(StandardCharsets.UTF_8));
			return this.keys
				.idFor(scope, idempotencyKey, request,
						() -> (request.orderId() != null) ? request.orderId() : UUID.randomUUID())
				.flatMap((orderId) -> place(
						new NewOrder(orderId, request.userId(), request.items(), request.shippingAddress()),
						this.time.instant(), operationId));
		});
	}

	private Mono<PlacedOrder> place(NewOrder request, Instant orderTime, UUID operationId) {
		return Mono.defer(() -> {
			// Every rule is checked before the first write: a rejected order leaves no
			// row anywhere.
			List<OrderItem> items = items(request.items());
			ShippingAddress address = request.shippingAddress();
			UUID orderId = (request.orderId() != null) ? request.orderId() : UUID.randomUUID();
			Instant time = orderTime.truncatedTo(ChronoUnit.MILLIS);
			OrdersByIdRow order = new OrdersByIdRow(orderId, request.userId(), time, OrderStatus.PENDING, items,
					total(items), address, 0, 1, PlacementDigest.of(request.userId(), items, address),
					List.of(new OrderOperation(operationId, OrderOperation.PLACED, 1, time)), time);
			return change(NewIntent.of(PLACED, "order_id", orderId), false, this.repository.insertIfNotExists(order),
					(placed) -> {
						if (placed) {
							return writeCopies(OrderChange.placed(order)).then(Mono
								.fromSupplier(() -> count("placements", "created", new PlacedOrder(order, true))));
						}
						// Not applied: an order with this id exists (or our own
						// first attempt applied and its answer was lost). Read it
						// as Paxos sees it and decide.
						return this.repository.findByIdLinearizable(orderId)
							.flatMap((existing) -> placedBefore(order, existing, operationId));
					});
		});
	}

	/**
	 * Finishes an order's change that was cut short (the sweeper's replay of an
	 * {@code order-placed} or {@code order-status-changed} intent). The order is read at
	 * {@code SERIAL}, which also completes a transaction left in flight: no order means
	 * the placement never applied, and there is nothing to do. Otherwise every copy is
	 * rewritten from the version the order has now, with that version's timestamp: a
	 * change that overtook the one being finished wrote the same or later cells, so the
	 * replay never undoes it. A repair (beyond version 1) also deletes a row a status
	 * left behind in another queue, so the intent need name no removed key.
	 * @param orderId the order
	 * @return completes once every copy agrees with the order
	 */
	Mono<Void> finish(UUID orderId) {
		return this.repository.findByIdLinearizable(orderId)
			.flatMap((order) -> writeCopies(
					(order.version() == 1) ? OrderChange.placed(order) : OrderChange.repair(order)));
	}

	private Mono<PlacedOrder> placedBefore(OrdersByIdRow attempted, OrdersByIdRow existing, UUID operationId) {
		OrderChange rewrite = (existing.version() == 1) ? OrderChange.placed(existing) : OrderChange.repair(existing);
		if (existing.operation(operationId).isPresent()) {
			// This request's own first attempt applied, and its answer was lost (a
			// timeout).
			return writeCopies(rewrite).thenReturn(count("placements", "recovered", new PlacedOrder(existing, true)));
		}
		if (existing.placementDigest().equals(attempted.placementDigest())) {
			// A client retry: the same order again. Its copies are rewritten (identical
			// cells), which repairs any an earlier attempt failed to write.
			return writeCopies(rewrite).thenReturn(count("placements", "replayed", new PlacedOrder(existing, false)));
		}
		count("placements", "conflict", null);
		return Mono.error(new ConflictException("Order " + attempted.orderId()
				+ " already exists with different content: choose a new order id for a new order"));
	}

	/**
	 * An order.
	 * @param orderId the order
	 * @return the order, or a {@link NotFoundException}
	 */
	public Mono<OrdersByIdRow> find(UUID orderId) {
		return this.repository.findById(orderId)
			.switchIfEmpty(Mono.error(() -> new NotFoundException("No order " + orderId)));
	}

	/**
	 * Moves an order to another status as the shop itself, with nobody's rights to check
	 * (the demo seeder); a request goes through
	 * {@link #changeStatus(UUID, OrderStatus, UUID, Caller)}.
	 * @param orderId the order
	 * @param target the status to move to
	 * @param operationId the request's operation id, or {@code null} for a new one
	 * @return the order in its new status; a {@link ConflictException} when the
	 * transition is illegal or lost to a concurrent change
	 */
	public Mono<OrdersByIdRow> changeStatus(UUID orderId, OrderStatus target, UUID operationId) {
		UUID operation = (operationId != null) ? operationId : UUID.randomUUID();
		return find(orderId).flatMap((order) -> changeStatus(order, target, operation, MAX_ATTEMPTS, false));
	}

	/**
	 * Moves an order to another status for a caller: staff make any legal change, the
	 * order's buyer only cancels it while it is open. Who the buyer is shows only once
	 * the order is read, so the check runs on the row, before the change's intent or
	 * transaction: a refused caller writes nothing. A change that then loses its
	 * transaction to a shipment is a 409 like any other lost race, never a cancel of a
	 * shipped order.
	 * @param orderId the order
	 * @param target the status to move to
	 * @param operationId the request's operation id, or {@code null} for a new one
	 * @param caller who asks
	 * @return the order in its new status; an {@link AccessDeniedException} (403) when
	 * the caller may not make this change, a {@link ConflictException} when the
	 * transition is illegal or lost to a concurrent change
	 */
	Mono<OrdersByIdRow> changeStatus(UUID orderId, OrderStatus target, UUID operationId, Caller caller) {
		UUID operation = (operationId != null) ? operationId : UUID.randomUUID();
		return find(orderId).flatMap((order) -> {
			requireMayChangeStatus(caller, order, target, operation);
			return changeStatus(order, target, operation, MAX_ATTEMPTS, false);
		});
	}

	/**
	 * Staff, or the buyer cancelling a {@code PENDING} or {@code PAID} order. The buyer's
	 * repeat of a cancel that applied (the same operation id, the order now
	 * {@code CANCELLED}) is still theirs to make: it answers as the first did, like any
	 * retry.
	 */
	private static void requireMayChangeStatus(Caller caller, OrdersByIdRow order, OrderStatus target,
			UUID operationId) {
		if (caller.hasRole(Caller.STAFF)) {
			return;
		}
		boolean ownCancel = caller.is(order.userId()) && target == OrderStatus.CANCELLED
				&& (order.status().isOpen() || order.operation(operationId).isPresent());
		if (!ownCancel) {
			throw new AccessDeniedException("Only staff may move an order to " + target
					+ "; its buyer may cancel it while it is " + OrderStatus.PENDING + " or " + OrderStatus.PAID);
		}
	}

	/**
	 * One attempt of a status change.
	 * @param recorded whether an intent covers it already (a retry on a newer version,
	 * within the change that recorded it)
	 */
	private Mono<OrdersByIdRow> changeStatus(OrdersByIdRow order, OrderStatus target, UUID operationId,
			int attemptsLeft, boolean recorded) {
		Optional<OrderOperation> done = order.operation(operationId);
		if (done.isPresent()) {
			return replayed(order, done.get(), target.name());
		}
		if (!order.status().canBecome(target)) {
			count("transitions", "illegal", null);
			return Mono.error(new ConflictException(
					"Order " + order.orderId() + " is " + order.status() + " and cannot become " + target));
		}
		OrdersByIdRow next = order.withStatus(target, operationId, now());
		return change(NewIntent.of(STATUS_CHANGED, "order_id", order.orderId()), recorded,
				this.repository.compareAndSetStatus(order, next), (applied) -> {
					if (applied) {
						return writeCopies(OrderChange.changed(order, next))
							.then(Mono.fromSupplier(() -> count("transitions", "applied", next)));
					}
					return this.repository.findByIdLinearizable(order.orderId()).flatMap((current) -> {
						if (current.operation(operationId).isPresent()) {
							// An earlier attempt of this very transaction applied
							// (its answer timed out): our success, not a conflict.
							return writeCopies(after(order, current))
								.then(Mono.fromSupplier(() -> count("transitions", "recovered", current)));
						}
						if (current.status() == order.status() && attemptsLeft > 1) {
							// Only the version moved (an address change): still legal,
							// try again.
							return changeStatus(current, target, operationId, attemptsLeft - 1, true);
						}
						count("transitions", "lost", null);
						return Mono.error(new ConflictException(
								"Order " + order.orderId() + " changed concurrently: it is now " + current.status()
										+ ", so this request to make it " + target + " did not apply"));
					});
				});
	}

	/**
	 * Gives one of a user's orders their new shipping address, if it is still open and
	 * was placed before the change. Part of the user's address change, whose intent
	 * (recorded before the user's own transaction) covers this order's transaction and
	 * copies too: its replay applies the user's address to every open order again.
	 * @param orderId the order
	 * @param address the new address
	 * @param addressVersion the version of the user's address
	 * @param changedAt when the user changed it
	 * @param operationId the address change's operation id
	 * @return what happened to the order
	 */
	public Mono<AddressChangeOutcome> applyAddressChange(UUID orderId, ShippingAddress address, long addressVersion,
			Instant changedAt, UUID operationId) {
		return this.repository.findById(orderId)
			.flatMap(
					(order) -> applyAddressChange(order, address, addressVersion, changedAt, operationId, MAX_ATTEMPTS))
			.defaultIfEmpty(AddressChangeOutcome.NOT_FOUND);
	}

	private Mono<AddressChangeOutcome> applyAddressChange(OrdersByIdRow order, ShippingAddress address,
			long addressVersion, Instant changedAt, UUID operationId, int attemptsLeft) {
		if (order.operation(operationId).isPresent()) {
			return writeCopies(OrderChange.repair(order)).thenReturn(AddressChangeOutcome.UPDATED);
		}
		if (order.shippingAddress().anonymised()) {
			// Erased while this change ran (an erased order is no longer among the open
			// orders an address change reads): it never gets an address again.
			return Mono.just(AddressChangeOutcome.ERASED);
		}
		if (!order.status().isOpen()) {
			return Mono.just(AddressChangeOutcome.CLOSED);
		}
		if (!order.orderTime().isBefore(changedAt)) {
			return Mono.just(AddressChangeOutcome.PLACED_AFTER_CHANGE);
		}
		if (order.addressVersion() >= addressVersion) {
			// Already applied, perhaps by an attempt whose copy write failed: write the
			// copies again (same keys, same cells).
			return writeCopies(OrderChange.refresh(order)).thenReturn(AddressChangeOutcome.ALREADY_CURRENT);
		}
		OrdersByIdRow next = order.withShippingAddress(address, addressVersion, operationId, now());
		return this.repository.compareAndSetAddress(order, next).flatMap((applied) -> {
			if (applied) {
				return writeCopies(OrderChange.changed(order, next)).thenReturn(AddressChangeOutcome.UPDATED);
			}
			return this.repository.findByIdLinearizable(order.orderId()).flatMap((current) -> {
				if (current.operation(operationId).isPresent()) {
					return writeCopies(after(order, current)).thenReturn(AddressChangeOutcome.UPDATED);
				}
				if (attemptsLeft > 1) {
					// Shipped, cancelled or changed meanwhile: decide again on the new
					// state.
					return applyAddressChange(current, address, addressVersion, changedAt, operationId,
							attemptsLeft - 1);
				}
				return Mono.error(new ConflictException("Order " + order.orderId()
						+ " kept changing while its address was updated: retry the address change"));
			});
		});
	}

	/**
	 * Anonymises one of an erased user's orders: its address in {@code orders_by_id}, by
	 * a lightweight transaction on the version read (any status: a delivered order is
	 * kept for the accounts, not for its address), then in every copy holding it, with
	 * the new version's timestamp like any change. Part of the user's erasure, whose
	 * intent (recorded before the erasure's first write) covers this order too: its
	 * replay erases every order again. An order erased already only gets its copies
	 * rewritten from its current version, so a repeat or a replay finishes copies an
	 * interrupted erasure left behind and changes nothing else.
	 * @param orderId the order
	 * @param operationId the erasure's operation id
	 * @return completes once the order and its copies hold no address; empty when there
	 * is no such order
	 */
	public Mono<Void> eraseAddress(UUID orderId, UUID operationId) {
		return this.repository.findById(orderId).flatMap((order) -> eraseAddress(order, operationId, MAX_ATTEMPTS));
	}

	private Mono<Void> eraseAddress(OrdersByIdRow order, UUID operationId, int attemptsLeft) {
		if (order.shippingAddress().anonymised()) {
			return writeCopies(OrderChange.refresh(order));
		}
		OrdersByIdRow next = order.withAddressErased(operationId, now());
		return this.repository.compareAndSetErasure(order, next).flatMap((applied) -> {
			if (applied) {
				return writeCopies(OrderChange.changed(order, next));
			}
			return this.repository.findByIdLinearizable(order.orderId()).flatMap((current) -> {
				if (current.operation(operationId).isPresent()) {
					// An earlier attempt applied and its answer timed out.
					return writeCopies(after(order, current));
				}
				if (attemptsLeft > 1) {
					// A status or address change came first: erase the new version.
					return eraseAddress(current, operationId, attemptsLeft - 1);
				}
				return Mono.error(new ConflictException("Order " + order.orderId()
						+ " kept changing while its address was erased: repeat the erasure"));
			});
		});
	}

	/**
	 * A transaction on {@code orders_by_id} and what follows it (the copies, or finding
	 * out why it did not apply) as one change: its intent is recorded before the
	 * transaction, unless one recorded earlier in the same change covers it, and the
	 * change runs detached from the request. A 409 is the change's decision, not its
	 * failure: its intent is completed like any other. A failure (a copy that outlived
	 * its retries) leaves the intent to the sweeper.
	 */
	private <T> Mono<T> change(NewIntent intent, boolean recorded, Mono<Boolean> transaction,
			Function<Boolean, Mono<T>> then) {
		if (recorded) {
			return transaction.flatMap(then);
		}
		return this.intents.run(intent, transaction, (applied) -> Decision.of(then.apply(applied)))
			.flatMap(Decision::answer);
	}

	private Mono<OrdersByIdRow> replayed(OrdersByIdRow order, OrderOperation operation, String expectedAction) {
		if (!operation.action().equals(expectedAction)) {
			return Mono.error(new ConflictException("Operation " + operation.operationId() + " already applied "
					+ operation.action() + " to order " + order.orderId() + ", not " + expectedAction));
		}
		// A client retry of an applied change: the same answer, and the copies rewritten
		// from the current state (which repairs any the first attempt left unwritten).
		return writeCopies(OrderChange.repair(order))
			.then(Mono.fromSupplier(() -> count("transitions", "replayed", order)));
	}

	/**
	 * The copies to write once we learn that our transaction applied in an earlier
	 * attempt: the plain change if nothing applied since, else a full repair.
	 */
	private static OrderChange after(OrdersByIdRow read, OrdersByIdRow current) {
		return (current.version() == read.version() + 1) ? OrderChange.changed(read, current)
				: OrderChange.repair(current);
	}

	private static List<OrderItem> items(List<OrderItem> requested) {
		Map<UUID, Integer> seen = new HashMap<>();
		List<OrderItem> items = new ArrayList<>(requested.size());
		for (int i = 0; i < requested.size(); i++) {
			OrderItem item = requested.get(i);
			Integer first = seen.putIfAbsent(item.productId(), i);
			if (first != null) {
				throw new InvalidRequestException("items[" + i + "].productId",
						"repeats the product of items[" + first + "]: order it once with a larger quantity");
			}
			if (item.unitPrice().stripTrailingZeros().scale() > 2) {
				throw new InvalidRequestException("items[" + i + "].unitPrice", "must have at most 2 decimals");
			}
			// Stored with exactly 2 decimals: 9.9 and 9.90 are one price, shown one way.
			items.add(new OrderItem(item.productId(), item.name().strip(), item.quantity(),
					item.unitPrice().setScale(2, RoundingMode.UNNECESSARY)));
		}
		return items;
	}

	private static BigDecimal total(List<OrderItem> items) {
		// Exact decimal arithmetic; prices have at most 2 decimals, so the sum has too.
		return items.stream()
			.map(OrderItem::lineTotal)
			.reduce(BigDecimal.ZERO, BigDecimal::add)
			.setScale(2, RoundingMode.UNNECESSARY);
	}

	/**
	 * Now, at the precision Cassandra stores ({@code timestamp} is milliseconds), so that
	 * what a request answers equals what a later read returns.
	 */
	private Instant now() {
		return this.time.instantMillis();
	}

	private <T> T count(String what, String outcome, T value) {
		this.meters.counter("querydriven.ecommerceorders." + what, "outcome", outcome).increment();
		return value;
	}

	/**
	 * Writes every copy of a change in one write, with the timestamp of the order's
	 * version: copies written late or twice converge on the latest version.
	 */
	private Mono<Void> writeCopies(OrderChange change) {
		return this.copies
			.write(change,
					DenormalizedWrite.builder(change.describe())
						.strategy(WriteStrategy.PARALLEL)
						.timestamp(change.current().copyTimestamp()))
			.then();
	}

}
