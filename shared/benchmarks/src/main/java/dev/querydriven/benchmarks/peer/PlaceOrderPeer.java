package dev.querydriven.benchmarks.peer;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.fasterxml.jackson.annotation.JsonFormat;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.StreamReadException;

import org.springframework.http.MediaType;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ServerWebInputException;

/**
 * ecommerce-orders' placement, {@code POST /orders}, for any signed-in caller, always for
 * themselves (the order's user is the token's subject): a 201 with the order and its
 * {@code Location}, or, for a repeat of an order already placed under the same id, a 200
 * with the stored order (a 409 when the id holds another order).
 *
 * <p>
 * The statements, in the service's order and stages:
 * <ol>
 * <li>the change's write intent ({@link Intents}), {@code order-placed} keyed by the
 * order id;</li>
 * <li>the lightweight transaction on the source of truth, {@code orders_by_id ... IF NOT
 * EXISTS}: {@code LOCAL_QUORUM}, Paxos at {@code SERIAL}, not idempotent, no client
 * timestamp (Paxos orders it), retried only when its outcome is unknown;</li>
 * <li>once it applied, the copies, all at once (eight in flight at most), each
 * {@code LOCAL_QUORUM}, idempotent, with one client timestamp derived from the order (its
 * time in microseconds plus its version), in the order the service's copies add them:
 * {@code orders_by_status}, then per line {@code orders_by_product} and
 * {@code product_order_months}, then {@code orders_by_user} and
 * {@code open_orders_by_user};</li>
 * <li>the answer, then the intent's completion.</li>
 * </ol>
 * When the transaction did not apply, the order is read at {@code SERIAL} (Paxos finishes
 * anything in flight first) and the service's decision follows: this request's own
 * earlier attempt (its operation id is recorded) is a 201, the same content again is a
 * 200, both with the copies written again; other content is a 409.
 *
 * <p>
 * The service's fulfilment queue also protects an order's day before its copy lands in a
 * past day; an order placed now lands in today, which needs no protection, so that step
 * runs no statement here either.
 */
final class PlaceOrderPeer {

	/** The workload this peer serves. */
	static final String WORKLOAD = "ecommerce-orders/place-order";

	/**
	 * The text Spring Data renders for the service's conditional insert of the entity.
	 */
	static final String PLACE = "INSERT INTO orders_by_id (order_id,user_id,order_time,status,items,total,"
			+ "shipping_address,address_version,version,placement_digest,operations,updated_at) "
			+ "VALUES (?,?,?,?,?,?,?,?,?,?,?,?) IF NOT EXISTS";

	/** The text Spring Data renders for the service's read of one order. */
	static final String ORDER_BY_ID = "SELECT * FROM orders_by_id WHERE order_id=?";

	/** The texts Spring Data renders for the copies' entities. */
	static final String BY_STATUS = "INSERT INTO orders_by_status (status,day,order_time,order_id,user_id,total,"
			+ "item_count,shipping_address) VALUES (?,?,?,?,?,?,?,?)";

	static final String BY_PRODUCT = "INSERT INTO orders_by_product (product_id,month,order_time,order_id,user_id,"
			+ "status,quantity,unit_price) VALUES (?,?,?,?,?,?,?,?)";

	static final String PRODUCT_MONTH = "INSERT INTO product_order_months (product_id,month) VALUES (?,?)";

	static final String BY_USER = "INSERT INTO orders_by_user (user_id,order_time,order_id,status,total,item_count,"
			+ "shipping_address) VALUES (?,?,?,?,?,?,?)";

	static final String OPEN_ORDER = "INSERT INTO open_orders_by_user (user_id,order_id,order_time) VALUES (?,?,?)";

	/** The kind of change a placement's intent records. */
	static final String PLACED = "order-placed";

	/** The status of a new order. */
	static final String PENDING = "PENDING";

	/** The most lines an order may have. */
	static final int MAX_ITEMS = 50;

	/**
	 * The most statements of the copies' write in flight at once (the service's writer).
	 */
	static final int COPY_CONCURRENCY = 8;

	/**
	 * The header the service claims once per user; see
	 * {@link #place(ServerRequest, Jwt)}.
	 */
	static final String IDEMPOTENCY_KEY = "Idempotency-Key";

	private static final Pattern UUID_TEXT = Pattern
		.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

	private static final Pattern COUNTRY = Pattern.compile("[A-Z]{2}");

	private final CqlSession session;

	private final BearerTokens tokens;

	private final Intents intents;

	private final Clock clock;

	private final PreparedStatement place;

	private final PreparedStatement orderById;

	private final PreparedStatement byStatus;

	private final PreparedStatement byProduct;

	private final PreparedStatement productMonth;

	private final PreparedStatement byUser;

	private final PreparedStatement openOrder;

	private final UserDefinedType itemType;

	private final UserDefinedType addressType;

	private final UserDefinedType operationType;

	/**
	 * Prepares the statements once, with the consistency, serial consistency and
	 * idempotence their bound statements inherit; the user-defined types come from the
	 * transaction's own bind variables.
	 * @param session the session, in the service's keyspace
	 * @param tokens checks the callers' tokens
	 * @param intents records and completes each placement's intent
	 * @param clock the clock orders are placed on
	 */
	PlaceOrderPeer(CqlSession session, BearerTokens tokens, Intents intents, Clock clock) {
		this.session = session;
		this.tokens = tokens;
		this.intents = intents;
		this.clock = clock;
		this.place = session.prepare(SimpleStatement.newInstance(PLACE)
			.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
			.setSerialConsistencyLevel(ConsistencyLevel.SERIAL)
			.setIdempotent(false));
		this.orderById = session.prepare(SimpleStatement.newInstance(ORDER_BY_ID)
			.setConsistencyLevel(ConsistencyLevel.SERIAL)
			.setIdempotent(true));
		this.byStatus = copy(session, BY_STATUS);
		this.byProduct = copy(session, BY_PRODUCT);
		this.productMonth = copy(session, PRODUCT_MONTH);
		this.byUser = copy(session, BY_USER);
		this.openOrder = copy(session, OPEN_ORDER);
		ColumnDefinitions variables = this.place.getVariableDefinitions();
		this.itemType = (UserDefinedType) ((ListType) variables.get("items").getType()).getElementType();
		this.addressType = (UserDefinedType) variables.get("shipping_address").getType();
		this.operationType = (UserDefinedType) ((ListType) variables.get("operations").getType()).getElementType();
	}

	/**
	 * A copy's statement: {@code LOCAL_QUORUM}; the write marks each bound copy
	 * idempotent and gives it the order's timestamp.
	 */
	private static PreparedStatement copy(CqlSession session, String cql) {
		return session.prepare(SimpleStatement.newInstance(cql).setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM));
	}

	/**
	 * The route.
	 * @return {@code POST /orders}
	 */
	RouterFunction<ServerResponse> routes() {
		return RouterFunctions.route(RequestPredicates.POST("/orders"),
				(request) -> this.tokens.signedIn(request, (jwt) -> place(request, jwt)));
	}

	/**
	 * Places the caller's order. A request with an {@code Idempotency-Key} is refused:
	 * the service claims the key in a table of its own first, work no benchmark request
	 * asks for.
	 */
	private Mono<ServerResponse> place(ServerRequest request, Jwt jwt) {
		String subject = jwt.getSubject();
		if (subject == null) {
			return Problem.forbidden();
		}
		if (request.headers().firstHeader(IDEMPOTENCY_KEY) != null) {
			return Parameters.Invalid
				.constraint(IDEMPOTENCY_KEY, "is not accepted: this lean peer places orders by their orderId only")
				.response();
		}
		UUID userId = callerId(subject);
		return request.bodyToMono(Body.class)
			.onErrorMap(ServerWebInputException.class, PlaceOrderPeer::unreadable)
			.switchIfEmpty(
					Mono.error(() -> Parameters.Invalid.conversion("body", "is required and must be a JSON document")))
			.map((body) -> placement(body, userId))
			.flatMap(this::place)
			.flatMap(PlaceOrderPeer::answer)
			.onErrorResume(Parameters.Invalid.class, Parameters.Invalid::response)
			.onErrorResume(Intents.Overloaded.class, (ex) -> Problem.unavailable(ex.getMessage()));
	}

	/**
	 * The caller's user id, as the services derive it from the token's subject: the
	 * subject itself when it is a UUID, else the name-based UUID of {@code "sub:" +
	 * subject}.
	 */
	static UUID callerId(String subject) {
		return UUID_TEXT.matcher(subject).matches() ? UUID.fromString(subject)
				: UUID.nameUUIDFromBytes(("sub:" + subject).getBytes(StandardCharsets.UTF_8));
	}

	private Mono<Outcome> place(Placement placement) {
		return Mono.defer(() -> {
			Instant time = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
			UUID operationId = UUID.randomUUID();
			Order order = new Order(placement.orderId(), placement.userId(), time, PENDING, placement.items(),
					total(placement.items()), placement.address(), 1,
					digest(placement.userId(), placement.items(), placement.address()), List.of(operationId));
			return this.intents.run(PLACED, Map.of("order_id", order.orderId().toString()), insert(order),
					(applied) -> {
						if (applied) {
							return writeCopies(order).thenReturn(new Outcome(order, true, null));
						}
						// An order with this id exists, or this request's own first
						// attempt applied and its answer was lost: read it as Paxos sees
						// it and decide.
						return execute(this.orderById.bind(order.orderId())).mapNotNull(AsyncResultSet::one)
							.map(Order::of)
							.flatMap((existing) -> placedBefore(order, existing, operationId));
					});
		});
	}

	/**
	 * The conditional insert of version 1, retried while its outcome is unknown: a retry
	 * of an attempt that did apply answers {@code [applied] = false}, which the caller
	 * resolves by reading the row.
	 */
	private Mono<Boolean> insert(Order order) {
		return Mono.defer(() -> {
			List<UdtValue> items = new ArrayList<>(order.items().size());
			for (Line line : order.items()) {
				items.add(this.itemType.newValue()
					.setUuid("product_id", line.productId())
					.setString("name", line.name())
					.setInt("quantity", line.quantity())
					.setBigDecimal("unit_price", line.unitPrice()));
			}
			UdtValue operation = this.operationType.newValue()
				.setUuid("operation_id", order.operationIds().get(0))
				.setString("action", "PLACED")
				.setLong("version", order.version())
				.setInstant("applied_at", order.orderTime());
			BoundStatement insert = this.place.bind(order.orderId(), order.userId(), order.orderTime(), order.status(),
					items, order.total(), address(order.shippingAddress()), 0L, order.version(), order.digest(),
					List.of(operation), order.orderTime());
			return execute(insert);
		}).map(AsyncResultSet::wasApplied).retryWhen(Retries.lightweightTransaction());
	}

	/**
	 * What a placement that did not apply answers, decided on the stored order as the
	 * service decides it. A stored order that moved on since its placement (version 2 or
	 * more) gets the same answer, but its copies are not rewritten: the service's repair
	 * of a changed order (every queue it may have left, the protection of a past day) is
	 * work no benchmark request reaches.
	 */
	private Mono<Outcome> placedBefore(Order attempted, Order existing, UUID operationId) {
		Mono<Void> rewrite = (existing.version() == 1) ? writeCopies(existing) : Mono.empty();
		if (existing.operationIds().contains(operationId)) {
			return rewrite.thenReturn(new Outcome(existing, true, null));
		}
		if (existing.digest().equals(attempted.digest())) {
			return rewrite.thenReturn(new Outcome(existing, false, null));
		}
		return Mono.just(new Outcome(null, false, "Order " + attempted.orderId()
				+ " already exists with different content: choose a new order id for a new order"));
	}

	/**
	 * Every copy of a placed order in one write: the statements all sent at once (at most
	 * {@value #COPY_CONCURRENCY} in flight), each with the order's timestamp, each
	 * retried on its own after a transient failure.
	 */
	private Mono<Void> writeCopies(Order order) {
		return Mono.defer(() -> {
			long timestamp = Math.addExact(Math.multiplyExact(order.orderTime().toEpochMilli(), 1000L),
					order.version());
			LocalDate day = LocalDate.ofInstant(order.orderTime(), ZoneOffset.UTC);
			String month = monthKey(order.orderTime());
			UdtValue address = address(order.shippingAddress());
			List<BoundStatement> copies = new ArrayList<>(3 + 2 * order.items().size());
			copies.add(this.byStatus.bind(order.status(), day, order.orderTime(), order.orderId(), order.userId(),
					order.total(), order.items().size(), address));
			for (Line line : order.items()) {
				copies.add(this.byProduct.bind(line.productId(), month, order.orderTime(), order.orderId(),
						order.userId(), order.status(), line.quantity(), line.unitPrice()));
				copies.add(this.productMonth.bind(line.productId(), month));
			}
			copies.add(this.byUser.bind(order.userId(), order.orderTime(), order.orderId(), order.status(),
					order.total(), order.items().size(), address));
			copies.add(this.openOrder.bind(order.userId(), order.orderId(), order.orderTime()));
			return Flux.fromIterable(copies)
				.flatMapSequential((copy) -> execute(copy.setQueryTimestamp(timestamp).setIdempotent(true))
					.retryWhen(Retries.copy()), COPY_CONCURRENCY)
				.then();
		});
	}

	private UdtValue address(OrderHistoryPeer.Address address) {
		return this.addressType.newValue()
			.setString("street", address.street())
			.setString("city", address.city())
			.setString("postal_code", address.postalCode())
			.setString("country", address.country());
	}

	private Mono<AsyncResultSet> execute(BoundStatement statement) {
		return Mono.fromCompletionStage(() -> this.session.executeAsync(statement));
	}

	private static Mono<ServerResponse> answer(Outcome outcome) {
		if (outcome.conflict() != null) {
			return Problem.conflict(outcome.conflict());
		}
		OrderResponse body = OrderResponse.of(outcome.order());
		ServerResponse.BodyBuilder response = outcome.created()
				? ServerResponse.created(URI.create("/orders/" + outcome.order().orderId())) : ServerResponse.ok();
		return response.contentType(MediaType.APPLICATION_JSON).bodyValue(body);
	}

	/**
	 * The month bucket's key of an instant, e.g. {@code 2026-05}: the partition of
	 * {@code orders_by_product} and the row of {@code product_order_months}.
	 * @param instant the order time
	 * @return the UTC month, four-digit year first
	 */
	static String monthKey(Instant instant) {
		LocalDate date = LocalDate.ofInstant(instant, ZoneOffset.UTC);
		return String.format(Locale.ROOT, "%04d-%02d", date.getYear(), date.getMonthValue());
	}

	/**
	 * The order to place, checked as the service checks the request (its Bean Validation
	 * constraints, in their words, then its own rules on the lines), before anything is
	 * written. The service reports every violation at once; this names the first.
	 * @param body the request's body
	 * @param userId the caller
	 * @return the placement, lines and address as the service stores them
	 * @throws Parameters.Invalid naming the first offending member
	 */
	static Placement placement(Body body, UUID userId) {
		List<ItemBody> items = body.items();
		if (items == null || items.isEmpty()) {
			throw Parameters.Invalid.constraint("items", "must not be empty");
		}
		if (items.size() > MAX_ITEMS) {
			throw Parameters.Invalid.constraint("items", "size must be between 0 and " + MAX_ITEMS);
		}
		for (int i = 0; i < items.size(); i++) {
			checkItem(items.get(i), "items[" + i + "]");
		}
		AddressBody address = body.shippingAddress();
		if (address == null) {
			throw Parameters.Invalid.constraint("shippingAddress", "must not be null");
		}
		checkText(address.street(), "shippingAddress.street", 200);
		checkText(address.city(), "shippingAddress.city", 100);
		checkText(address.postalCode(), "shippingAddress.postalCode", 20);
		if (address.country() == null) {
			throw Parameters.Invalid.constraint("shippingAddress.country", "must not be null");
		}
		if (!COUNTRY.matcher(address.country()).matches()) {
			throw Parameters.Invalid.constraint("shippingAddress.country",
					"must be an ISO 3166 alpha-2 country code, such as DE");
		}
		Map<UUID, Integer> seen = new HashMap<>();
		List<Line> lines = new ArrayList<>(items.size());
		for (int i = 0; i < items.size(); i++) {
			ItemBody item = items.get(i);
			Integer first = seen.putIfAbsent(item.productId(), i);
			if (first != null) {
				throw Parameters.Invalid.constraint("items[" + i + "].productId",
						"repeats the product of items[" + first + "]: order it once with a larger quantity");
			}
			if (item.unitPrice().stripTrailingZeros().scale() > 2) {
				throw Parameters.Invalid.constraint("items[" + i + "].unitPrice", "must have at most 2 decimals");
			}
			// Stored with exactly 2 decimals: 9.9 and 9.90 are one price, shown one way.
			lines.add(new Line(item.productId(), item.name().strip(), item.quantity(),
					item.unitPrice().setScale(2, RoundingMode.UNNECESSARY)));
		}
		UUID orderId = (body.orderId() != null) ? body.orderId() : UUID.randomUUID();
		return new Placement(orderId, userId, lines, new OrderHistoryPeer.Address(address.street().strip(),
				address.city().strip(), address.postalCode().strip(), address.country()));
	}

	private static void checkItem(ItemBody item, String path) {
		if (item == null) {
			throw Parameters.Invalid.constraint(path, "must not be null");
		}
		if (item.productId() == null) {
			throw Parameters.Invalid.constraint(path + ".productId", "must not be null");
		}
		checkText(item.name(), path + ".name", 200);
		if (item.quantity() == null) {
			throw Parameters.Invalid.constraint(path + ".quantity", "must not be null");
		}
		if (item.quantity() < 1) {
			throw Parameters.Invalid.constraint(path + ".quantity", "must be greater than or equal to 1");
		}
		if (item.quantity() > 1000) {
			throw Parameters.Invalid.constraint(path + ".quantity", "must be less than or equal to 1000");
		}
		BigDecimal price = item.unitPrice();
		if (price == null) {
			throw Parameters.Invalid.constraint(path + ".unitPrice", "must not be null");
		}
		if (price.signum() < 0) {
			throw Parameters.Invalid.constraint(path + ".unitPrice", "must be greater than or equal to 0.00");
		}
		// @Digits(integer = 9, fraction = 2), counted as Hibernate Validator counts them:
		// on the value without its trailing zeros.
		BigDecimal stripped = price.stripTrailingZeros();
		int fraction = Math.max(stripped.scale(), 0);
		if (stripped.precision() - stripped.scale() > 9 || fraction > 2) {
			throw Parameters.Invalid.constraint(path + ".unitPrice",
					"numeric value out of bounds (<9 digits>.<2 digits> expected)");
		}
	}

	private static void checkText(String text, String path, int max) {
		if (text == null || text.isBlank()) {
			throw Parameters.Invalid.constraint(path, "must not be blank");
		}
		if (text.length() > max) {
			throw Parameters.Invalid.constraint(path, "size must be between 0 and " + max);
		}
	}

	/**
	 * A body the JSON reader refused, named as the service names it: the member's path,
	 * or the body itself when it is no JSON at all.
	 */
	private static Throwable unreadable(ServerWebInputException ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof StreamReadException) {
				return Parameters.Invalid.conversion("body", "Malformed JSON: not a well-formed JSON document");
			}
			if (cause instanceof JacksonException json) {
				StringBuilder path = new StringBuilder();
				for (JacksonException.Reference reference : json.getPath()) {
					if (reference.getPropertyName() != null) {
						path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
					}
					else if (reference.getIndex() >= 0) {
						path.append('[').append(reference.getIndex()).append(']');
					}
				}
				return Parameters.Invalid.conversion(path.isEmpty() ? "body" : path.toString(), "Unreadable value");
			}
		}
		return Parameters.Invalid.conversion("body", "is required and must be a JSON document");
	}

	/**
	 * The order's total: the lines' amounts, in exact decimal arithmetic (prices have at
	 * most 2 decimals, so the sum has too).
	 * @param lines the lines
	 * @return the sum, with 2 decimals
	 */
	static BigDecimal total(List<Line> lines) {
		return lines.stream()
			.map(Line::lineTotal)
			.reduce(BigDecimal.ZERO, BigDecimal::add)
			.setScale(2, RoundingMode.UNNECESSARY);
	}

	/**
	 * The fingerprint of a placement's content, byte for byte the service's: SHA-256 over
	 * the user, the lines (prices without trailing zeros) and the address, in hex. A
	 * repeat of the same order under its id has the same one.
	 * @param userId the buyer
	 * @param lines the lines
	 * @param address the address
	 * @return the digest
	 */
	static String digest(UUID userId, List<Line> lines, OrderHistoryPeer.Address address) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (DataOutputStream out = new DataOutputStream(bytes)) {
			out.writeUTF(userId.toString());
			out.writeInt(lines.size());
			for (Line line : lines) {
				out.writeUTF(line.productId().toString());
				out.writeUTF(line.name());
				out.writeInt(line.quantity());
				out.writeUTF(line.unitPrice().stripTrailingZeros().toPlainString());
			}
			out.writeUTF(address.street());
			out.writeUTF(address.city());
			out.writeUTF(address.postalCode());
			out.writeUTF(address.country());
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes.toByteArray()));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is not available", ex);
		}
	}

	/**
	 * The request's body as Jackson reads it, before any check.
	 *
	 * @param orderId the client's id for the order, or {@code null} for a new one
	 * @param items the lines
	 * @param shippingAddress where to ship
	 */
	record Body(UUID orderId, List<ItemBody> items, AddressBody shippingAddress) {

	}

	/**
	 * One line of the body.
	 *
	 * @param productId the product
	 * @param name its name
	 * @param quantity how many
	 * @param unitPrice the price of one, a JSON number or a string holding one
	 */
	record ItemBody(UUID productId, String name, Integer quantity, BigDecimal unitPrice) {

	}

	/**
	 * The body's address.
	 *
	 * @param street street and number
	 * @param city the city
	 * @param postalCode the postal code
	 * @param country ISO 3166 alpha-2 code
	 */
	record AddressBody(String street, String city, String postalCode, String country) {

	}

	/**
	 * A checked order, about to be placed.
	 *
	 * @param orderId the order
	 * @param userId the caller
	 * @param items the lines, names stripped, prices with 2 decimals
	 * @param address the address, stripped
	 */
	record Placement(UUID orderId, UUID userId, List<Line> items, OrderHistoryPeer.Address address) {

	}

	/**
	 * One line as stored (the {@code order_item} type).
	 *
	 * @param productId the product
	 * @param name its name
	 * @param quantity how many
	 * @param unitPrice the price of one, 2 decimals
	 */
	record Line(UUID productId, String name, int quantity, BigDecimal unitPrice) {

		BigDecimal lineTotal() {
			return this.unitPrice.multiply(BigDecimal.valueOf(this.quantity));
		}

	}

	/**
	 * An order's row of {@code orders_by_id}, as far as the placement needs it.
	 *
	 * @param orderId the order
	 * @param userId its buyer
	 * @param orderTime when it was placed, in milliseconds
	 * @param status its status
	 * @param items its lines
	 * @param total their sum
	 * @param shippingAddress where it goes
	 * @param version how many transactions applied
	 * @param digest the placement's fingerprint
	 * @param operationIds the operations it remembers, newest first
	 */
	record Order(UUID orderId, UUID userId, Instant orderTime, String status, List<Line> items, BigDecimal total,
			OrderHistoryPeer.Address shippingAddress, long version, String digest, List<UUID> operationIds) {

		/**
		 * Reads the stored order column by column.
		 * @param row a row of {@code orders_by_id}
		 * @return the order
		 */
		static Order of(Row row) {
			List<Line> lines = new ArrayList<>();
			for (UdtValue item : row.getList("items", UdtValue.class)) {
				lines.add(new Line(item.getUuid("product_id"), item.getString("name"), item.getInt("quantity"),
						item.getBigDecimal("unit_price")));
			}
			List<UUID> operations = new ArrayList<>();
			for (UdtValue operation : row.getList("operations", UdtValue.class)) {
				operations.add(operation.getUuid("operation_id"));
			}
			UdtValue address = row.getUdtValue("shipping_address");
			return new Order(row.getUuid("order_id"), row.getUuid("user_id"), row.getInstant("order_time"),
					row.getString("status"), lines, row.getBigDecimal("total"),
					new OrderHistoryPeer.Address(address.getString("street"), address.getString("city"),
							address.getString("postal_code"), address.getString("country")),
					row.getLong("version"), row.getString("placement_digest"), operations);
		}

	}

	/**
	 * What a placement decided: the order, created by this request or found, or the
	 * conflict's detail.
	 *
	 * @param order the order, unless a conflict
	 * @param created whether this request placed it (201) rather than found it (200)
	 * @param conflict the 409's detail, or {@code null}
	 */
	record Outcome(Order order, boolean created, String conflict) {

	}

	/**
	 * An order as the service answers it (its {@code OrderResponse}): money as decimal
	 * strings.
	 *
	 * @param orderId the order
	 * @param userId who placed it
	 * @param orderTime when
	 * @param status its status
	 * @param items its lines
	 * @param total the sum of the lines
	 * @param shippingAddress where it goes
	 * @param version how many changes it has seen
	 */
	record OrderResponse(UUID orderId, UUID userId, Instant orderTime, String status, List<Item> items,
			@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal total, OrderHistoryPeer.Address shippingAddress,
			long version) {

		static OrderResponse of(Order order) {
			List<Item> items = new ArrayList<>(order.items().size());
			for (Line line : order.items()) {
				items.add(new Item(line.productId(), line.name(), line.quantity(), line.unitPrice(), line.lineTotal()));
			}
			return new OrderResponse(order.orderId(), order.userId(), order.orderTime(), order.status(), items,
					order.total(), order.shippingAddress(), order.version());
		}

	}

	/**
	 * One line as the service answers it.
	 *
	 * @param productId the product
	 * @param name its name
	 * @param quantity how many
	 * @param unitPrice the price of one
	 * @param lineTotal quantity times price
	 */
	record Item(UUID productId, String name, int quantity,
			@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal unitPrice,
			@JsonFormat(shape = JsonFormat.Shape.STRING) BigDecimal lineTotal) {

	}

}
