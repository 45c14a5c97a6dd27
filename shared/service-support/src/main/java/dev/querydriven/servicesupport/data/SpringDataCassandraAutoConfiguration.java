package dev.querydriven.servicesupport.data;

import java.util.List;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.querydriven.servicesupport.cassandra.ServiceKeyspace;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.cassandra.autoconfigure.CassandraAutoConfiguration;
import org.springframework.boot.cassandra.autoconfigure.CassandraProperties;
import org.springframework.boot.cassandra.autoconfigure.DriverConfigLoaderBuilderCustomizer;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.cassandra.autoconfigure.DataCassandraAutoConfiguration;
import org.springframework.boot.data.cassandra.autoconfigure.DataCassandraReactiveAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.cassandra.ReactiveSession;
import org.springframework.data.cassandra.core.convert.CassandraCustomConversions;
import org.springframework.data.cassandra.core.cql.session.DefaultBridgedReactiveSession;

/**
 * The session every Spring Data component of a service runs on
 * ({@link ServiceReactiveSession}: each statement text prepared once and kept, and
 * interceptors that see every statement, such as the tests' statement recorder), the
 * driver settings under it (connections, schema metadata, speculative reads), and Spring
 * Data's custom conversions, holding the service's row readers.
 */
@AutoConfiguration(after = CassandraAutoConfiguration.class,
		before = { DataCassandraAutoConfiguration.class, DataCassandraReactiveAutoConfiguration.class })
@ConditionalOnClass({ CqlSession.class, ReactiveSession.class })
@EnableConfigurationProperties(SpeculativeReadsProperties.class)
public final class SpringDataCassandraAutoConfiguration {

	/**
	 * Two connections to each node ({@code querydriven.cassandra.connections-per-node}),
	 * where the driver opens one. A connection's responses arrive on its own event-loop
	 * thread, and the reactive continuations run there too: Spring Data's mapping of the
	 * rows, the service's own code up to its next statement. With one connection, one
	 * thread does that work for the whole service, and on the home timeline it was the
	 * limit: the service layer left part of the two cores idle; with two connections it
	 * used the whole machine (the benchmarks' {@code remedies-ab.md} has the runs).
	 * @param connections the connections to each node of the local datacenter
	 * @return the customizer
	 */
	@Bean
	DriverConfigLoaderBuilderCustomizer connectionsPerNode(
			@Value("${querydriven.cassandra.connections-per-node:2}") int connections) {
		if (connections < 1) {
			throw new IllegalArgumentException("querydriven.cassandra.connections-per-node must be at least 1");
		}
		return (builder) -> builder.withInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE, connections);
	}

	/**
	 * Schema metadata of the service's own keyspace only. The driver re-reads the schema
	 * after every schema change in the cluster, whichever keyspace it touched, and by
	 * default it reads every keyspace's tables and columns, system keyspaces included,
	 * and filters them on the client (its default list excludes the system keyspaces by
	 * pattern, which the node cannot filter). A service maps its own tables only: naming
	 * its keyspace lets the node answer with that keyspace's rows alone. On a cluster
	 * shared by several services, one service's migrations would otherwise make every
	 * session of every other service re-read the whole schema after each statement.
	 * @param cassandra Spring Boot's Cassandra properties, naming the keyspace
	 * @return the customizer
	 */
	@Bean
	DriverConfigLoaderBuilderCustomizer schemaMetadataOfTheServiceKeyspace(CassandraProperties cassandra) {
		List<String> keyspaces = List.of(ServiceKeyspace.keyspace(cassandra));
		return (builder) -> builder.withStringList(DefaultDriverOption.METADATA_SCHEMA_REFRESHED_KEYSPACES, keyspaces);
	}

	/**
	 * Speculative executions for plain reads
	 * ({@link ReadsOnlySpeculativeExecutionPolicy}): a read still unanswered after
	 * {@code querydriven.cassandra.speculative-reads.delay} is sent to a second node, and
	 * the first answer wins; a write, a lightweight transaction, a counter update or a
	 * batch is never sent twice. Set on the default profile, so every profile that does
	 * not name a policy of its own uses it.
	 * @param speculativeReads the delay and the number of executions
	 * @return the customizer
	 */
	@Bean
	DriverConfigLoaderBuilderCustomizer speculativeReads(SpeculativeReadsProperties speculativeReads) {
		return (builder) -> builder
			.withClass(DefaultDriverOption.SPECULATIVE_EXECUTION_POLICY_CLASS,
					ReadsOnlySpeculativeExecutionPolicy.class)
			.withInt(DefaultDriverOption.SPECULATIVE_EXECUTION_MAX, speculativeReads.maxExecutions())
			.withDuration(DefaultDriverOption.SPECULATIVE_EXECUTION_DELAY, speculativeReads.delay());
	}

	@Bean
	@ConditionalOnMissingBean
	ReactiveSession reactiveCassandraSession(CqlSession session, ObjectProvider<StatementInterceptor> interceptors) {
		List<StatementInterceptor> ordered = interceptors.orderedStream().toList();
		return new ServiceReactiveSession(new DefaultBridgedReactiveSession(session), ordered);
	}

	/**
	 * Spring Data's custom conversions with every row reader of the service: each
	 * {@code @ReadingConverter} bean from {@code Row} to an entity. Spring Data maps a
	 * row to an entity generically (for each column: find the property, resolve its type,
	 * convert the value, then call the constructor), which costs several times the work
	 * of reading each column with one typed getter (the benchmarks' README has the
	 * measurements). On the hottest reads a service declares a reader, and the template
	 * uses it for every read of that entity, with the queries unchanged.
	 * @param rowReaders the service's row readers
	 * @return the conversions
	 */
	@Bean
	@ConditionalOnMissingBean
	CassandraCustomConversions cassandraCustomConversions(ObjectProvider<Converter<Row, ?>> rowReaders) {
		return new CassandraCustomConversions(rowReaders.orderedStream().toList());
	}

}
