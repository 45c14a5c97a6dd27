package dev.querydriven.ecommerceorders.order;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * The fingerprint of a placement's content (user, items, address), stored with the order.
 * A client that retries a placement sends the same order id and content and gets the same
 * order back; the same id with other content is a different order, and a conflict. Prices
 * are compared by value ({@code 9.9} and {@code 9.90} are the same price).
 */
final class PlacementDigest {

	private PlacementDigest() {
	}

	static String of(UUID userId, List<OrderItem> items, ShippingAddress address) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (DataOutputStream out = new DataOutputStream(bytes)) {
			out.writeUTF(userId.toString());
			out.writeInt(items.size());
			for (OrderItem item : items) {
				out.writeUTF(item.productId().toString());
				out.writeUTF(item.name());
				out.writeInt(item.quantity());
				out.writeUTF(item.unitPrice().stripTrailingZeros().toPlainString());
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

}
