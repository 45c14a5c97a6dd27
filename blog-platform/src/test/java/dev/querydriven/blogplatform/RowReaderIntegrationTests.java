package dev.querydriven.blogplatform;

import java.time.Clock;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.blogplatform.post.NewPost;
import dev.querydriven.blogplatform.post.PostService;
import dev.querydriven.testsupport.RowReaderCheck;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.cassandra.core.convert.CassandraConverter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A row read by hand is the row Spring Data reads: each hand-written row reader against
 * the generic mapping, on live rows (the entities against the live schema are in
 * {@link BlogPlatformConformanceTests}).
 */
@BlogPlatformIntegrationTest
class RowReaderIntegrationTests {

	@Autowired
	private CqlSession session;

	@Autowired
	private CassandraConverter converter;

	@Autowired
	private PostService posts;

	@Autowired
	private Clock clock;

	/**
	 * Every hand-written row reader of a hot read reads what Spring Data's own mapping
	 * reads from the same live rows (a published post).
	 */
	@Test
	void everyRowReaderReadsWhatSpringDataReads() {
		this.posts
			.publish(new NewPost(UUID.randomUUID(), UUID.randomUUID(), "Row readers", "Read by hand",
					BlogTables.randomCategory(), this.clock.instant()))
			.block();
		assertThat(RowReaderCheck.mismatches(this.converter, this.session)).isEmpty();
	}

}
