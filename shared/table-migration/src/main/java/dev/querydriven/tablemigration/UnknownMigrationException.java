package dev.querydriven.tablemigration;

/**
 * No migration of that name is registered with the engine; a service answers 404.
 */
public class UnknownMigrationException extends RuntimeException {

	/**
	 * @param name the unknown name
	 */
	public UnknownMigrationException(String name) {
		super("No table migration named '" + name + "'");
	}

}
