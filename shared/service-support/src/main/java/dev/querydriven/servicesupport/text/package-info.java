/**
 * What a string must be before it is stored: valid Unicode, free of the invisible
 * characters that corrupt storage, logs and displays. The rules are enforced once, for
 * every service: on every JSON string of a request body (a Jackson deserializer) and on
 * every path, query and header parameter (a binder editor). A field opts into line breaks
 * with {@link dev.querydriven.servicesupport.text.MultilineText} and into the stricter
 * identifier rules with {@link dev.querydriven.servicesupport.text.IdentifierText}.
 */
package dev.querydriven.servicesupport.text;
