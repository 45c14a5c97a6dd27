package dev.querydriven.testsupport.conformance;

import java.time.Duration;
import java.util.Locale;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.config.DriverOption;
import dev.querydriven.modelcheck.catalog.CatalogConsistency;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.testsupport.recording.StatementRecorder;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The proof that every statement a service runs runs at a level its query catalogue
 * declares, the levels the README's access-pattern tables show. A service extends it
 * once, in its root test package, as {@code ConsistencyLevelsIntegrationTests} with its
 * one integration-test annotation, which imports the service's query catalogue as a bean:
 *
 * <pre class="code">
 * &#64;SocialFeedIntegrationTest
 * &#64;Order(Integer.MAX_VALUE - 1)
 * class ConsistencyLevelsIntegrationTests extends ServiceConsistencyLevelsTests {
 *
 * }
 * </pre>
 *
 * A level is chosen per query, for what the query promises, and the code sets it on the
 * statement; a statement that sets none runs at the session's default, which
 * {@code spring.cassandra.request.consistency} and {@code serial-consistency} set. Both
 * are easy to get wrong without anything failing on a one-node test cluster, where every
 * level succeeds: so the statement recorder notes the level each statement really ran at
 * (its own, else the default), and this class compares them with the catalogue once the
 * module's other test classes have run ({@code @Order(Integer.MAX_VALUE - 1)}, with the
 * class orderer set in {@code junit-platform.properties}; the conformance suite, at
 * {@code Integer.MAX_VALUE}, still runs last).
 */
public abstract class ServiceConsistencyLevelsTests {

	/** Where every service's README explains its levels. */
	static final String README_SECTION = "README.md, \"Consistency and idempotence, per query\"";

	@Autowired
	private CqlSession session;

	@Autowired
	private StatementRecorder recorder;

	@Autowired
	private Environment environment;

	@Autowired
	private QueryCatalog catalog;

	/**
	 * The session's defaults are the levels the service's configuration sets, for the
	 * statements that set none: its application.yml is applied, not the driver's own
	 * {@code LOCAL_ONE} and {@code SERIAL}.
	 */
	@Test
	void sessionDefaultsAreTheConfiguredLevels() {
		DriverExecutionProfile defaults = this.session.getContext().getConfig().getDefaultProfile();
		assertDefault(defaults, "spring.cassandra.request.consistency", DefaultDriverOption.REQUEST_CONSISTENCY);
		assertDefault(defaults, "spring.cassandra.request.serial-consistency",
				DefaultDriverOption.REQUEST_SERIAL_CONSISTENCY);
	}

	/**
	 * Over the whole test run of the module every statement ran at a level its catalogued
	 * query or write declares, every one of them declares its levels, and every declared
	 * level was run at.
	 */
	@Test
	void everyStatementRanAtADeclaredLevel() {
		SuiteOrder.assertOrder(getClass(), Integer.MAX_VALUE - 1, "Integer.MAX_VALUE - 1",
				"after every other test class of its module but the conformance suite");
		assertThat(this.recorder.awaitQuiet(Duration.ofSeconds(10))).as("the service is quiet").isTrue();
		CatalogConsistency levels = CatalogConsistency.of(this.catalog, this.recorder.applicationConsistencies());
		assertThat(levels.complete())
			.as("This check covers the whole test run of the module (run all its tests); the levels are explained "
					+ "in %s:%n%s", README_SECTION, levels.describe())
			.isTrue();
	}

	private void assertDefault(DriverExecutionProfile defaults, String property, DriverOption option) {
		String configured = this.environment.getProperty(property);
		assertThat(configured).as("%s, set in the service's application.yml", property).isNotBlank();
		assertThat(defaults.getString(option)).as("the session's %s (%s)", option.getPath(), property)
			.isEqualTo(configured.toUpperCase(Locale.ROOT));
	}

}
