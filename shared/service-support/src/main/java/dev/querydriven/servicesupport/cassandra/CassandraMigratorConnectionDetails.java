package dev.querydriven.servicesupport.cassandra;

import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;

/**
 * The login {@link CassandraSchemaMigrations} runs as: the keyspace's migrator role,
 * allowed to create, alter and drop its tables. By default it comes from
 * {@code querydriven.cassandra.migrator.username/password}; a bean of this type replaces
 * it, as Spring Boot's connection details do: the dev run's embedded node and the tests
 * hand over the migrator they provisioned. The rest of the session (contact points,
 * datacenter, keyspace, TLS) is the service's own, from
 * {@link org.springframework.boot.cassandra.autoconfigure.CassandraConnectionDetails}.
 */
public interface CassandraMigratorConnectionDetails extends ConnectionDetails {

	/**
	 * The migrator role.
	 * @return its name, or {@code null} to migrate as the service's own login (which then
	 * needs the migrator's permissions)
	 */
	String getUsername();

	/**
	 * The migrator's password.
	 * @return the password
	 */
	String getPassword();

}
