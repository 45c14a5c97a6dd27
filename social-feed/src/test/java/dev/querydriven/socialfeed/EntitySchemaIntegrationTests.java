package dev.querydriven.socialfeed;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import dev.querydriven.testsupport.EntitySchemaCheck;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.cassandra.core.convert.CassandraConverter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The entities are the schema's twins: every table and type the versioned CQL files
 * create has an entity with the same columns, types, partition key and clustering order.
 */
@SocialFeedIntegrationTest
class EntitySchemaIntegrationTests {

	@Autowired
	private CqlSession session;

	@Autowired
	private CassandraConverter converter;

	/**
	 * Every entity agrees with its live table or type, and every table of the keyspace
	 * (but the migration's own) has an entity.
	 */
	@Test
	void everyEntityMatchesTheLiveSchema() {
		KeyspaceMetadata keyspace = this.session.getMetadata()
			.getKeyspace(new SocialFeedQueryCatalog().keyspace())
			.orElseThrow();
		assertThat(EntitySchemaCheck.mismatches(this.converter, keyspace)).isEmpty();
		assertThat(EntitySchemaCheck.unmappedTables(this.converter, keyspace))
			.containsExactlyInAnyOrderElementsOf(new SocialFeedQueryCatalog().infrastructureTables().keySet());
	}

}
