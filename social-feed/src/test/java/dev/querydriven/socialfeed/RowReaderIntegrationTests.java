package dev.querydriven.socialfeed;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import dev.querydriven.testsupport.RowReaderCheck;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.cassandra.core.convert.CassandraConverter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A row read by hand is the row Spring Data reads: each hand-written row reader against
 * the generic mapping, on live rows (the entities against the live schema are in
 * {@link SocialFeedConformanceTests}).
 */
@SocialFeedIntegrationTest
class RowReaderIntegrationTests {

	@Autowired
	private CqlSession session;

	@Autowired
	private CassandraConverter converter;

	@Autowired
	private Fixtures fixtures;

	/**
	 * Every hand-written row reader of a hot read reads what Spring Data's own mapping
	 * reads from the same live rows (a post fanned out to a timeline).
	 */
	@Test
	void everyRowReaderReadsWhatSpringDataReads() {
		UsersByIdRow author = this.fixtures.user();
		this.fixtures.follow(this.fixtures.user(), author);
		this.fixtures.post(author, "Row readers #cassandra");
		assertThat(RowReaderCheck.mismatches(this.converter, this.session)).isEmpty();
	}

}
