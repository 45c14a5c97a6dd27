/**
 * Who may act: every service is an OAuth 2.0 resource server that trusts signed JWT
 * bearer tokens and nothing else. The acting user is always the token's subject
 * ({@link dev.querydriven.servicesupport.security.Caller}), never an id the client puts
 * in a path or a body; each service states in one place who may call each route
 * ({@link dev.querydriven.servicesupport.security.AccessRules}), the same table that
 * enforces the rule and documents it ({@code x-access} in the OpenAPI document). Actuator
 * lives on the management port, where only its health check is anonymous.
 */
package dev.querydriven.servicesupport.security;
