package dev.querydriven.servicesupport.cassandra;

/**
 * The migrator login of {@code querydriven.cassandra.migrator.*}.
 */
final class PropertiesCassandraMigratorConnectionDetails implements CassandraMigratorConnectionDetails {

	private final QueryDrivenCassandraProperties.Migrator migrator;

	PropertiesCassandraMigratorConnectionDetails(QueryDrivenCassandraProperties.Migrator migrator) {
		this.migrator = migrator;
	}

	@Override
	public String getUsername() {
		return (this.migrator != null && this.migrator.isConfigured()) ? this.migrator.username() : null;
	}

	@Override
	public String getPassword() {
		return (this.migrator != null) ? this.migrator.password() : null;
	}

}
