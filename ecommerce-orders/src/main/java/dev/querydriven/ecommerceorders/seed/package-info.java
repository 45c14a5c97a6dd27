/**
 * Demo data for dev runs ({@code querydriven.ecommerce-orders.seed.enabled}, off in
 * tests): users, products and a few thousand orders over six weeks in every status,
 * written through the services.
 */
package dev.querydriven.ecommerceorders.seed;
