package dev.querydriven.modelcheck;

import java.util.List;

import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.QueryCatalog;

/**
 * A catalogue whose statements span one or more keyspaces and name tables as a script
 * does: qualified, or relative to the keyspace a {@code USE} made current (the
 * stand-alone checker's catalogue, read from a queries file). A service's catalogue has
 * one keyspace and needs none of this.
 * <p>
 * With several keyspaces, tables are named {@code keyspace.table} throughout: in
 * {@link AccessPattern#table()}, in the exemptions, and in the report.
 */
public interface MultiKeyspaceCatalog extends QueryCatalog {

	/**
	 * Every keyspace to judge, the catalogue's {@link #keyspace()} first.
	 * @return the keyspaces' internal names
	 */
	List<String> keyspaces();

	/**
	 * The keyspace a statement's unqualified names resolve against: the one its script
	 * made current with {@code USE}.
	 * @param pattern one of the catalogue's access patterns
	 * @return the keyspace's internal name
	 */
	String keyspaceOf(AccessPattern pattern);

}
