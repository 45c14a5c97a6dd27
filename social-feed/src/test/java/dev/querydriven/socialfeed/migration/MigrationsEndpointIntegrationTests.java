package dev.querydriven.socialfeed.migration;

import java.time.Duration;
import java.util.UUID;

import dev.querydriven.servicesupport.security.Caller;
import dev.querydriven.socialfeed.SocialFeedIntegrationTest;
import dev.querydriven.testsupport.Callers;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The backfills' progress as an operator watches it: the {@code migrations} actuator
 * endpoint, on the management port, for the {@code admin} role only. In the tests the
 * service's own backfills wait (auto-run is off), so they stand in {@code OLD_ONLY}.
 */
@SocialFeedIntegrationTest
class MigrationsEndpointIntegrationTests {

	@Autowired
	private Callers callers;

	@LocalManagementPort
	private int managementPort;

	/**
	 * An admin sees both backfills with their tables and phase; a user's token is a 403,
	 * no token a 401, and an unknown backfill a 404.
	 */
	@Test
	void theBackfillsShowOnTheManagementPortToAnAdminOnly() {
		WebTestClient management = WebTestClient.bindToServer()
			.baseUrl("http://localhost:" + this.managementPort)
			.responseTimeout(Duration.ofSeconds(30))
			.build();
		WebTestClient asAdmin = management.mutateWith(this.callers.as(UUID.randomUUID(), Caller.ADMIN));
		asAdmin.get()
			.uri("/actuator/migrations")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody()
			.jsonPath("$[0].name")
			.isEqualTo(FollowerShardsMigration.NAME)
			.jsonPath("$[0].oldTable")
			.isEqualTo("following_by_user")
			.jsonPath("$[0].newTable")
			.isEqualTo("followers_by_user_shard")
			.jsonPath("$[0].phase")
			.isEqualTo("OLD_ONLY")
			.jsonPath("$[1].name")
			.isEqualTo(LikesByUserMigration.NAME)
			.jsonPath("$[1].readsFrom")
			.isEqualTo("likes_by_user");
		asAdmin.get().uri("/actuator/migrations/no-such-backfill").exchange().expectStatus().isNotFound();
		management.mutateWith(this.callers.as(UUID.randomUUID()))
			.get()
			.uri("/actuator/migrations")
			.exchange()
			.expectStatus()
			.isForbidden();
		management.get().uri("/actuator/migrations").exchange().expectStatus().isUnauthorized();
	}

}
