package dev.querydriven.servicesupport.production;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Profiles;

/**
 * What the {@code prod} profile refuses: each default of this project that suits the dev
 * run but loses or exposes data in production (no contact points, {@code SimpleStrategy}
 * or fewer than 3 replicas, no shared cursor key, demo data, a superuser login or the
 * image's own, a token key read from a file that cannot be rotated, the process tests'
 * fault-injection hooks). Every unsafe setting is named at once, by the property a
 * deployment sets, with the reason it is refused.
 */
public final class ProductionSettings {

	/** The profile that turns the check on. */
	public static final String PROFILE = "prod";

	/** The smallest replication factor that keeps a quorum with one replica down. */
	public static final int MIN_REPLICATION_FACTOR = 3;

	private static final String CASSANDRA_DEFAULT_LOGIN = "cassandra";

	private static final String JWT = "spring.security.oauth2.resourceserver.jwt.";

	private ProductionSettings() {
	}

	/**
	 * Refuses the unsafe settings of an environment whose {@code prod} profile is active;
	 * does nothing without the profile.
	 * @param environment the complete environment, before any bean is created
	 * @throws UnsafeProductionSettingsException naming every unsafe setting
	 */
	public static void check(ConfigurableEnvironment environment) {
		if (!environment.acceptsProfiles(Profiles.of(PROFILE))) {
			return;
		}
		List<UnsafeSetting> unsafe = unsafeSettings(environment);
		if (!unsafe.isEmpty()) {
			throw new UnsafeProductionSettingsException(unsafe);
		}
	}

	/**
	 * The settings of an environment that production refuses, whatever its profiles.
	 * @param environment the environment
	 * @return the unsafe settings, none for a safe environment
	 */
	public static List<UnsafeSetting> unsafeSettings(ConfigurableEnvironment environment) {
		Binder binder = Binder.get(environment);
		List<UnsafeSetting> unsafe = new ArrayList<>();
		checkContactPoints(binder, unsafe);
		checkReplication(binder, unsafe);
		checkCursorKeys(binder, unsafe);
		checkSeed(binder, unsafe);
		propertiesUnder(environment, "querydriven.cassandra.admin").forEach((property,
				origin) -> unsafe.add(new UnsafeSetting(property,
						"is set" + origin + ": services never hold a superuser login; "
								+ "provisioning creates the keyspace and roles, and hands the service its runtime and "
								+ "migrator logins")));
		checkLogins(binder, unsafe);
		checkTokenKeys(binder, unsafe);
		propertiesUnder(environment, "querydriven.testing").forEach((property, origin) -> unsafe
			.add(new UnsafeSetting(property, "is set" + origin + ": a fault-injection hook of the process tests")));
		return unsafe;
	}

	private static void checkContactPoints(Binder binder, List<UnsafeSetting> unsafe) {
		String property = "spring.cassandra.contact-points";
		List<String> contactPoints = bind(binder, property, Bindable.listOf(String.class), unsafe);
		if (contactPoints == null || contactPoints.stream().allMatch(String::isBlank)) {
			unsafe.add(new UnsafeSetting(property, "is not set: the service would use a node on 127.0.0.1 "
					+ "(in a dev run, an embedded single node of its own); list the cluster's nodes"));
		}
	}

	private static void checkReplication(Binder binder, List<UnsafeSetting> unsafe) {
		String strategyProperty = "querydriven.cassandra.replication.strategy";
		String strategy = bind(binder, strategyProperty, Bindable.of(String.class), unsafe);
		if (strategy == null || "SimpleStrategy".equals(strategy)) {
			unsafe.add(new UnsafeSetting(strategyProperty,
					((strategy == null) ? "is not set (SimpleStrategy by default)" : "is SimpleStrategy")
							+ ": it places replicas without regard to racks or datacenters; "
							+ "use NetworkTopologyStrategy"));
		}
		String factorProperty = "querydriven.cassandra.replication.factor";
		Integer factor = bind(binder, factorProperty, Bindable.of(Integer.class), unsafe);
		if (factor == null || factor < MIN_REPLICATION_FACTOR) {
			unsafe.add(new UnsafeSetting(factorProperty,
					((factor == null) ? "is not set (1 by default)" : "is " + factor) + ": with fewer than "
							+ MIN_REPLICATION_FACTOR + " replicas a LOCAL_QUORUM read or write "
							+ "fails as soon as one replica is down, and with 1 a lost disk loses data; use "
							+ MIN_REPLICATION_FACTOR + " or more"));
		}
	}

	private static void checkCursorKeys(Binder binder, List<UnsafeSetting> unsafe) {
		String property = "querydriven.paging.cursor-key";
		String key = bind(binder, property, Bindable.of(String.class), unsafe);
		if (key == null || key.isBlank()) {
			unsafe.add(new UnsafeSetting(property, "is not set: each process would sign page cursors with a key of "
					+ "its own, so a cursor fails on another instance and after a restart; set the same Base64 key "
					+ "(32 bytes or more) on every instance"));
		}
		else {
			checkCursorKey(property, key, unsafe);
		}
		String previousProperty = "querydriven.paging.previous-cursor-key";
		String previous = bind(binder, previousProperty, Bindable.of(String.class), unsafe);
		if (previous != null && !previous.isBlank()) {
			checkCursorKey(previousProperty, previous, unsafe);
		}
	}

	private static void checkCursorKey(String property, String key, List<UnsafeSetting> unsafe) {
		try {
			if (Base64.getDecoder().decode(key.strip()).length < 32) {
				unsafe.add(new UnsafeSetting(property, "is shorter than 32 bytes"));
			}
		}
		catch (IllegalArgumentException ex) {
			unsafe.add(new UnsafeSetting(property, "is not Base64"));
		}
	}

	/**
	 * Each service's demo data is {@code querydriven.<spring.application.name>.seed}: off
	 * unless set, but each service's {@code application.yml} turns it on for the dev run,
	 * so production must set it to false.
	 */
	private static void checkSeed(Binder binder, List<UnsafeSetting> unsafe) {
		Set<String> properties = new LinkedHashSet<>();
		String service = bind(binder, "spring.application.name", Bindable.of(String.class), unsafe);
		if (service != null && ConfigurationPropertyName.isValid("querydriven." + service)) {
			properties.add("querydriven." + service + ".seed.enabled");
		}
		properties.add("querydriven.seed.enabled");
		for (String property : properties) {
			if (Boolean.TRUE.equals(bind(binder, property, Bindable.of(Boolean.class), unsafe))) {
				unsafe.add(new UnsafeSetting(property,
						"is true: demo data would be written into the production keyspace; set it to false"));
			}
		}
	}

	private static void checkLogins(Binder binder, List<UnsafeSetting> unsafe) {
		for (String login : List.of("spring.cassandra", "querydriven.cassandra.migrator")) {
			String username = bind(binder, login + ".username", Bindable.of(String.class), unsafe);
			if (CASSANDRA_DEFAULT_LOGIN.equals(username)) {
				unsafe.add(new UnsafeSetting(login + ".username",
						"is 'cassandra', the superuser every Cassandra image starts with"));
			}
			String password = bind(binder, login + ".password", Bindable.of(String.class), unsafe);
			if (CASSANDRA_DEFAULT_LOGIN.equals(password)) {
				unsafe.add(new UnsafeSetting(login + ".password",
						"is 'cassandra', the default password everyone knows; use a generated one"));
			}
		}
	}

	private static void checkTokenKeys(Binder binder, List<UnsafeSetting> unsafe) {
		Function<String, String> value = (name) -> bind(binder, JWT + name, Bindable.of(String.class), unsafe);
		if (isBlank(value.apply("issuer-uri")) && isBlank(value.apply("jwk-set-uri"))) {
			String reason = "is not set, nor " + JWT + "jwk-set-uri: tokens must be checked against the issuer's "
					+ "published keys, which it can rotate";
			if (!isBlank(value.apply("public-key-location"))) {
				reason += " (a public-key-location is one fixed key: rotating it takes a redeploy of every service)";
			}
			unsafe.add(new UnsafeSetting(JWT + "issuer-uri", reason));
		}
	}

	/**
	 * Every property set under a prefix, in any property source that can list its names
	 * (config files, system properties, environment variables), named in the canonical
	 * form, each with where it was set when that is known (an environment variable such
	 * as {@code QUERYDRIVEN_TESTING_HALT_AFTER}, a line of a file), since a name read
	 * back from an environment variable is not always spelled as the deployment wrote it.
	 */
	private static Map<String, String> propertiesUnder(ConfigurableEnvironment environment, String prefix) {
		ConfigurationPropertyName parent = ConfigurationPropertyName.of(prefix);
		Map<String, String> properties = new LinkedHashMap<>();
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
			if (source instanceof IterableConfigurationPropertySource iterable) {
				iterable.stream().filter(parent::isAncestorOf).forEach((name) -> {
					ConfigurationProperty property = iterable.getConfigurationProperty(name);
					if (property != null && property.getValue() != null
							&& !String.valueOf(property.getValue()).isBlank()) {
						properties.putIfAbsent(name.toString(),
								(property.getOrigin() != null) ? " (" + property.getOrigin() + ")" : "");
					}
				});
			}
		}
		return properties;
	}

	/**
	 * A property's value, as the application will read it; a value that does not bind (a
	 * factor that is no number) is refused here rather than at first use.
	 */
	private static <T> T bind(Binder binder, String property, Bindable<T> target, List<UnsafeSetting> unsafe) {
		try {
			return binder.bind(property, target).orElse(null);
		}
		catch (BindException ex) {
			unsafe.add(new UnsafeSetting(property, "is not a valid " + target.getType().toClass().getSimpleName()));
			return null;
		}
	}

	private static boolean isBlank(String value) {
		return value == null || value.isBlank();
	}

}
