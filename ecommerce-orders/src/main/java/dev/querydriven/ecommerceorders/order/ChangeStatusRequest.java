package dev.querydriven.ecommerceorders.order;

import java.util.UUID;

import jakarta.validation.constraints.NotNull;

/**
 * {@code POST /orders/{orderId}/status}.
 *
 * @param status the status to move to
 * @param operationId the client's id for this change, to make retries safe: a retry with
 * the same id is recognised as already applied (200) instead of a conflict (409); a new
 * id is chosen when absent
 */
record ChangeStatusRequest(@NotNull OrderStatus status, UUID operationId) {

}
