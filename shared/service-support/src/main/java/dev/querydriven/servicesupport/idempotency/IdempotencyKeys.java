package dev.querydriven.servicesupport.idempotency;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.RetryAdvice;
import dev.querydriven.servicesupport.web.UnprocessableRequestException;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.data.cassandra.core.cql.ReactiveCqlOperations;

/**
 * Creates that happen once per {@code Idempotency-Key}. A create draws a new id for what
 * it makes, so sending it twice would make two; with a key, the first request claims the
 * key (a lightweight transaction, {@code IF NOT EXISTS}) with a hash of the request and
 * the id it draws, and a repeat of the same request with the same key gets the same id:
 * the create runs again on the same id, which writes the same cells and answers the same.
 * The same key with another request is a 422 naming the header. Keys are scoped to the
 * acting user and kept a day.
 */
public final class IdempotencyKeys {

	/** The header of a keyed create. */
	public static final String HEADER = RetryAdvice.IDEMPOTENCY_KEY;

	static final int MAX_KEY_LENGTH = 255;

	private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_.:-]{1," + MAX_KEY_LENGTH + "}");

	static final String CLAIM = "INSERT INTO idempotency_keys (scope, idempotency_key, request_hash, resource_id) "
			+ "VALUES (?, ?, ?, ?) IF NOT EXISTS";

	private final ReactiveCqlOperations cql;

	private final JsonMapper json;

	/**
	 * The keys of a service.
	 * @param cql the service's CQL template
	 * @param json how requests are turned into bytes for their hash
	 */
	public IdempotencyKeys(ReactiveCqlOperations cql, JsonMapper json) {
		this.cql = cql;
		this.json = json;
	}

	/**
	 * The id a create makes: a new one without a key; with a key, the one its first
	 * request drew.
	 * @param scope the acting user
	 * @param key the request's {@code Idempotency-Key}, or {@code null}
	 * @param request the request, as the client sent it
	 * @param newId draws a new id
	 * @return the id; a 400 for a malformed key, a 422 for a key used with another
	 * request
	 */
	public Mono<UUID> idFor(String scope, String key, Object request, Supplier<UUID> newId) {
		if (key == null) {
			return Mono.fromSupplier(newId);
		}
		return Mono.defer(() -> {
			check(key);
			String hash = hash(request);
			UUID id = newId.get();
			// Values bound, not inlined: the template prepares the claim once.
			return this.cql.queryForRows(CLAIM, scope, key, hash, id).next().map((row) -> {
				if (row.getBool("[applied]")) {
					return id;
				}
				if (!hash.equals(row.getString("request_hash"))) {
					throw new UnprocessableRequestException(HEADER,
							"was used with another request; send a new key for a new request");
				}
				return row.getUuid("resource_id");
			});
		});
	}

	static void check(String key) {
		// Letters, digits and a few marks: a UUID or a ULID fits, while a '%' sequence, a
		// quote or a control character never reaches the table or a log line.
		if (!KEY.matcher(key).matches()) {
			throw new InvalidRequestException(HEADER,
					"must be 1 to " + MAX_KEY_LENGTH + " letters, digits or the marks _ . : - (a UUID serves well)");
		}
	}

	private String hash(Object request) {
		try {
			byte[] body = this.json.writeValueAsBytes(request);
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every JDK", ex);
		}
	}

}
