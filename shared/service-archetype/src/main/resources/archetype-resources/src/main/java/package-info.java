/**
 * The service, laid out by feature:
 *
 * <ul>
 * <li>{@code note}: an owner's notes, newest first ({@code notes_by_owner}), the worked
 * example of a query-first table to replace with your own.</li>
 * <li>{@code seed}: demo data for dev runs.</li>
 * </ul>
 * Who may call each route is written in one place, {@code AccessConfiguration}: every
 * request acts as the subject of its bearer token. The query catalogue, the
 * {@code *QueryCatalog} class, lists every query and write; it lives among the tests,
 * which alone read it.
 */
package ${package};
