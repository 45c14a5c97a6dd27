package dev.querydriven.socialfeed;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.UnauthorizedException;
import dev.querydriven.socialfeed.user.UsersByIdRow;
import dev.querydriven.testcassandra.SharedCassandra;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Dynamic data masking of the emails: a person granted the keyspace's support role reads
 * every table, with each email masked; the service's runtime role holds {@code UNMASK}
 * and reads them in clear, so the API works as before.
 */
@SocialFeedIntegrationTest
class MaskingIntegrationTests {

	private static final String KEYSPACE = "social_feed";

	@Autowired
	private Fixtures fixtures;

	@Autowired
	private WebTestClient client;

	@Autowired
	private Callers callers;

	/**
	 * Every column holding an email, in every table of the keyspace, carries a mask: a
	 * table added later that copies the email must mask it too.
	 */
	@Test
	void everyEmailColumnIsMasked() {
		Set<String> emailColumns = new TreeSet<>();
		Set<String> masked = new TreeSet<>();
		try (CqlSession admin = SharedCassandra.adminSession()) {
			admin
				.execute(SimpleStatement.newInstance(
						"SELECT table_name, column_name FROM system_schema.columns WHERE keyspace_name = ?", KEYSPACE))
				.forEach((row) -> {
					if (row.getString("column_name").contains("email")) {
						emailColumns.add(row.getString("table_name") + "." + row.getString("column_name"));
					}
				});
			admin
				.execute(SimpleStatement.newInstance(
						"SELECT table_name, column_name FROM system_schema.column_masks WHERE keyspace_name = ?",
						KEYSPACE))
				.forEach((row) -> masked.add(row.getString("table_name") + "." + row.getString("column_name")));
		}
		assertThat(emailColumns).containsExactlyInAnyOrder("users_by_id.email", "users_by_email.email");
		assertThat(masked).containsAll(emailColumns);
	}

	/**
	 * The support role reads a user's profile with the email masked ({@code ****}), and
	 * the email claims with their key masked; it cannot look a user up by a clear email
	 * (a restriction on a masked column needs {@code UNMASK}). The runtime role reads and
	 * looks up the same rows in clear.
	 */
	@Test
	void theSupportRoleReadsEmailsMaskedTheRuntimeRoleInClear() {
		UsersByIdRow user = this.fixtures.user();
		try (CqlSession support = SharedCassandra.supportSession(KEYSPACE)) {
			Row profile = support
				.execute(SimpleStatement.newInstance(
						"SELECT username, email FROM " + KEYSPACE + ".users_by_id WHERE user_id = ?", user.userId()))
				.one();
			assertThat(profile).isNotNull();
			assertThat(profile.getString("username")).isEqualTo(user.username());
			assertThat(profile.getString("email")).isEqualTo("****");
			// A full scan, as a person browsing the table would read it (the node's
			// warnings about the tombstones other tests left are not the point here).
			DriverExecutionProfile quiet = support.getContext()
				.getConfig()
				.getDefaultProfile()
				.withBoolean(DefaultDriverOption.REQUEST_LOG_WARNINGS, false);
			List<String> claims = new ArrayList<>();
			support
				.execute(SimpleStatement.newInstance("SELECT email, user_id FROM " + KEYSPACE + ".users_by_email")
					.setPageSize(500)
					.setExecutionProfile(quiet))
				.forEach((row) -> {
					if (user.userId().equals(row.getUuid("user_id"))) {
						claims.add(row.getString("email"));
					}
				});
			assertThat(claims).containsExactly("****");
			assertThatExceptionOfType(UnauthorizedException.class).isThrownBy(() -> support.execute(SimpleStatement
				.newInstance("SELECT user_id FROM " + KEYSPACE + ".users_by_email WHERE email = ?", user.email())));
		}
		assertThat(this.fixtures.rows("SELECT email FROM users_by_id WHERE user_id = ?", user.userId())).singleElement()
			.satisfies((row) -> assertThat(row.getString("email")).isEqualTo(user.email()));
		assertThat(this.fixtures.uuid("SELECT user_id FROM users_by_email WHERE email = ?", user.email()))
			.isEqualTo(user.userId());
	}

	/**
	 * The service, which reads as the runtime role, answers the email in clear: the
	 * account, and the lookup by email, which restricts the masked key by its clear
	 * value.
	 */
	@Test
	void theApiStillReadsTheEmails() {
		UsersByIdRow user = this.fixtures.user();
		WebTestClient owner = this.client.mutateWith(this.callers.as(user.userId()));
		owner.get()
			.uri("/users/{id}/account", user.userId())
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.email")
			.isEqualTo(user.email());
		owner.get()
			.uri("/users/by-email/{email}", user.email())
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$.id")
			.isEqualTo(user.userId().toString())
			.jsonPath("$.email")
			.isEqualTo(user.email());
	}

}
