package dev.querydriven.ecommerceorders.order;

/**
 * The outcome of a placement.
 *
 * @param order the order
 * @param created {@code true} when this request created it (201), {@code false} when it
 * replayed an earlier placement (200)
 */
public record PlacedOrder(OrdersByIdRow order, boolean created) {

}
