package dev.querydriven.servicesupport.production;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * The {@code prod} profile refuses every setting that suits a dev run but loses or leaks
 * data in production, each by the property a deployment sets, all of them at once, before
 * anything connects.
 */
@ExtendWith(OutputCaptureExtension.class)
class ProdProfileTests {

	private static final String JWT = "spring.security.oauth2.resourceserver.jwt.";

	/** A safe production environment passes, with an issuer or with a JWK set. */
	@Test
	void safeProductionSettingsPass() {
		assertThatNoException().isThrownBy(() -> ProductionSettings.check(safe()));
		MockEnvironment withJwkSet = safe();
		remove(withJwkSet, JWT + "issuer-uri");
		withJwkSet.setProperty(JWT + "jwk-set-uri", "https://login.example.com/jwks");
		assertThatNoException().isThrownBy(() -> ProductionSettings.check(withJwkSet));
	}

	/** Each unsafe setting alone is refused, and named by its property. */
	@ParameterizedTest(name = "{0}")
	@MethodSource("unsafeSettings")
	void eachUnsafeSettingAloneIsRefusedByName(String setting, Consumer<MockEnvironment> change, String property) {
		MockEnvironment environment = safe();
		change.accept(environment);
		assertThatExceptionOfType(UnsafeProductionSettingsException.class)
			.isThrownBy(() -> ProductionSettings.check(environment))
			.satisfies(
					(ex) -> assertThat(ex.getSettings()).extracting(UnsafeSetting::property).containsExactly(property))
			.withMessageContaining(property);
	}

	static Stream<Arguments> unsafeSettings() {
		return Stream.of(
				unsafe("no contact points (the embedded node)", (env) -> remove(env, "spring.cassandra.contact-points"),
						"spring.cassandra.contact-points"),
				unsafe("blank contact points", (env) -> env.setProperty("spring.cassandra.contact-points", " "),
						"spring.cassandra.contact-points"),
				unsafe("SimpleStrategy",
						(env) -> env.setProperty("querydriven.cassandra.replication.strategy", "SimpleStrategy"),
						"querydriven.cassandra.replication.strategy"),
				unsafe("the default strategy (SimpleStrategy)",
						(env) -> remove(env, "querydriven.cassandra.replication.strategy"),
						"querydriven.cassandra.replication.strategy"),
				unsafe("replication factor 2",
						(env) -> env.setProperty("querydriven.cassandra.replication.factor", "2"),
						"querydriven.cassandra.replication.factor"),
				unsafe("the default replication factor (1)",
						(env) -> remove(env, "querydriven.cassandra.replication.factor"),
						"querydriven.cassandra.replication.factor"),
				unsafe("no cursor key (a random key per process)",
						(env) -> remove(env, "querydriven.paging.cursor-key"), "querydriven.paging.cursor-key"),
				unsafe("a cursor key of 16 bytes",
						(env) -> env.setProperty("querydriven.paging.cursor-key", "MDEyMzQ1Njc4OWFiY2RlZg=="),
						"querydriven.paging.cursor-key"),
				unsafe("demo data", (env) -> env.setProperty("querydriven.social-feed.seed.enabled", "true"),
						"querydriven.social-feed.seed.enabled"),
				unsafe("a superuser login", (env) -> env.setProperty("querydriven.cassandra.admin.username", "admin"),
						"querydriven.cassandra.admin.username"),
				unsafe("the runtime role's password 'cassandra'",
						(env) -> env.setProperty("spring.cassandra.password", "cassandra"),
						"spring.cassandra.password"),
				unsafe("the image's superuser as runtime login",
						(env) -> env.setProperty("spring.cassandra.username", "cassandra"),
						"spring.cassandra.username"),
				unsafe("the migrator's password 'cassandra'",
						(env) -> env.setProperty("querydriven.cassandra.migrator.password", "cassandra"),
						"querydriven.cassandra.migrator.password"),
				unsafe("no issuer", (env) -> remove(env, JWT + "issuer-uri"), JWT + "issuer-uri"),
				unsafe("a fixed public key instead of an issuer", (env) -> {
					remove(env, JWT + "issuer-uri");
					env.setProperty(JWT + "public-key-location", "file:/keys/public.pem");
				}, JWT + "issuer-uri"),
				unsafe("a process-test hook", (env) -> env.setProperty("querydriven.testing.halt-after", "post"),
						"querydriven.testing.halt-after"));
	}

	/** Several unsafe settings are all named in one refusal, in one message. */
	@Test
	void severalUnsafeSettingsAreAllNamed() {
		MockEnvironment environment = safe();
		remove(environment, "spring.cassandra.contact-points");
		remove(environment, "querydriven.paging.cursor-key");
		environment.setProperty("querydriven.social-feed.seed.enabled", "true");
		environment.setProperty("querydriven.testing.delay-copies", "3s");
		assertThatExceptionOfType(UnsafeProductionSettingsException.class)
			.isThrownBy(() -> ProductionSettings.check(environment))
			.satisfies((ex) -> assertThat(ex.getSettings()).extracting(UnsafeSetting::property)
				.containsExactly("spring.cassandra.contact-points", "querydriven.paging.cursor-key",
						"querydriven.social-feed.seed.enabled", "querydriven.testing.delay-copies"))
			.withMessageStartingWith("The prod profile refuses 4 settings:")
			.withMessageContaining("\n - spring.cassandra.contact-points: is not set")
			.withMessageContaining("\n - querydriven.testing.delay-copies: is set");
	}

	/** Without the prod profile, nothing is checked: the dev run keeps its defaults. */
	@Test
	void withoutTheProdProfileNothingIsChecked() {
		MockEnvironment devRun = new MockEnvironment().withProperty("spring.application.name", "social-feed")
			.withProperty("querydriven.social-feed.seed.enabled", "true")
			.withProperty("querydriven.testing.halt-after", "post");
		assertThatNoException().isThrownBy(() -> ProductionSettings.check(devRun));
		devRun.setActiveProfiles("faults");
		assertThatNoException().isThrownBy(() -> ProductionSettings.check(devRun));
		assertThat(ProductionSettings.unsafeSettings(devRun)).isNotEmpty();
	}

	/**
	 * A start whose prod profile comes from {@code SPRING_PROFILES_ACTIVE} stops before
	 * any bean exists, with Spring Boot's failure report naming every unsafe setting
	 * (also those set as environment variables, with the variable), and never reaches
	 * Cassandra.
	 */
	@Test
	void aProductionStartStopsBeforeAnythingConnects(CapturedOutput output) {
		Map<String, Object> variables = new HashMap<>();
		variables.put("SPRING_PROFILES_ACTIVE", "prod");
		variables.put("QUERYDRIVEN_CASSANDRA_ADMIN_USERNAME", "cassandra");
		variables.put("QUERYDRIVEN_CASSANDRA_ADMIN_PASSWORD", "cassandra");
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources()
			.replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, new SystemEnvironmentPropertySource(
					StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables));
		SpringApplication application = new SpringApplication(NothingToStart.class);
		application.setEnvironment(environment);
		application.setWebApplicationType(WebApplicationType.NONE);
		assertThatExceptionOfType(UnsafeProductionSettingsException.class)
			.isThrownBy(() -> application.run("--spring.application.name=social-feed", "--spring.main.banner-mode=off",
					"--querydriven.social-feed.seed.enabled=true"));
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("spring.cassandra.contact-points: is not set")
			.contains("querydriven.cassandra.replication.strategy")
			.contains("querydriven.cassandra.replication.factor")
			.contains("querydriven.paging.cursor-key")
			.contains("querydriven.social-feed.seed.enabled")
			.contains("querydriven.cassandra.admin.username: is set (System Environment Property "
					+ "\"QUERYDRIVEN_CASSANDRA_ADMIN_USERNAME\")")
			.contains("querydriven.cassandra.admin.password")
			.contains(JWT + "issuer-uri")
			.contains("start without the prod profile")
			.doesNotContain("No Cassandra node answered");
	}

	/**
	 * An environment that production accepts: a cluster, three replicas per datacenter, a
	 * shared cursor key, no demo data, generated passwords, an issuer.
	 */
	private static MockEnvironment safe() {
		MockEnvironment environment = new MockEnvironment();
		environment.setActiveProfiles("prod");
		return environment.withProperty("spring.application.name", "social-feed")
			.withProperty("spring.cassandra.contact-points", "db1.example.com:9042,db2.example.com:9042")
			.withProperty("spring.cassandra.username", "social_feed")
			.withProperty("spring.cassandra.password", "generated-3f9c1d7e")
			.withProperty("querydriven.cassandra.migrator.username", "social_feed_migrator")
			.withProperty("querydriven.cassandra.migrator.password", "generated-8a2b6c4d")
			.withProperty("querydriven.cassandra.replication.strategy", "NetworkTopologyStrategy")
			.withProperty("querydriven.cassandra.replication.factor", "3")
			.withProperty("querydriven.paging.cursor-key", "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=")
			.withProperty("querydriven.social-feed.seed.enabled", "false")
			.withProperty(JWT + "issuer-uri", "https://login.example.com/");
	}

	private static Arguments unsafe(String setting, Consumer<MockEnvironment> change, String property) {
		return Arguments.of(setting, change, property);
	}

	private static void remove(MockEnvironment environment, String property) {
		((Properties) environment.getPropertySources().get("mockProperties").getSource()).remove(property);
	}

	@Configuration(proxyBeanMethods = false)
	static class NothingToStart {

	}

}
