package dev.querydriven.ecommerceorders.product;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketCursor;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.modeling.bucket.BucketPage;
import dev.querydriven.modeling.bucket.BucketSlice;
import dev.querydriven.modeling.bucket.MultiBucketReader;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.Page;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Reads a product's orders newest first across month buckets. Which months to read comes
 * from {@code product_order_months}, the exact list of non-empty buckets, so a product
 * sold twice in five years costs two partition reads, not sixty.
 */
@Service
class ProductOrderService {

	private final ProductOrderRepository repository;

	private final CursorCodec cursors;

	ProductOrderService(ProductOrderRepository repository, CursorCodec cursors) {
		this.repository = repository;
		this.cursors = cursors;
	}

	/**
	 * A page of a product's orders, newest first.
	 * @param productId the product
	 * @param cursor the previous page's cursor, or {@code null}
	 * @param limit the page size
	 * @return the page
	 */
	Mono<Page<OrdersByProductRow>> orders(UUID productId, String cursor, int limit) {
		String scope = "product-orders:" + productId;
		return Mono.defer(() -> {
			BucketCursor<OrdersByProductRow.ProductOrderPosition> after = (cursor != null) ? decode(scope, cursor)
					: null;
			return this.repository.findMonths(productId)
				.map((month) -> BucketSlice.of(Bucket.parse(BucketGranularity.MONTH, month)))
				.collectList()
				.flatMap(
						(months) -> MultiBucketReader.walk(
								(slice, position, max) -> this.repository.findByProductAndMonth(productId,
										slice.bucket().key(), position, max),
								OrdersByProductRow::position, months, limit, after))
				// A cursor whose month is not (or no longer) one of the product's months.
				.onErrorMap(IllegalArgumentException.class,
						(ex) -> new InvalidRequestException("cursor", "is not a cursor issued for this list"))
				.map((page) -> new Page<>(page.items(), encode(scope, page)));
		});
	}

	private String encode(String scope, BucketPage<OrdersByProductRow, OrdersByProductRow.ProductOrderPosition> page) {
		if (page.next() == null) {
			return null;
		}
		return this.cursors.encode(scope,
				List.of(page.next().bucket().key(), Long.toString(page.next().after().orderTime().toEpochMilli()),
						page.next().after().orderId().toString()));
	}

	private BucketCursor<OrdersByProductRow.ProductOrderPosition> decode(String scope, String cursor) {
		List<String> values = this.cursors.decodeValues(scope, cursor);
		try {
			return new BucketCursor<>(Bucket.parse(BucketGranularity.MONTH, values.get(0)),
					new OrdersByProductRow.ProductOrderPosition(Instant.ofEpochMilli(Long.parseLong(values.get(1))),
							UUID.fromString(values.get(2))));
		}
		catch (RuntimeException ex) {
			throw new InvalidRequestException("cursor", "is not a cursor issued for this list");
		}
	}

}
