package dev.querydriven.testsupport.architecture;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import com.datastax.dse.driver.api.core.cql.reactive.ReactiveRow;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.data.cassandra.core.CassandraOperations;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.data.cassandra.core.cql.CqlOperations;
import org.springframework.data.cassandra.core.cql.ReactiveCqlOperations;
import org.springframework.data.cassandra.core.cql.RowMapper;
import org.springframework.data.convert.ReadingConverter;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameEndingWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The architecture every service shares, as ArchUnit rules over its main classes. Every
 * service's conformance suite
 * ({@link dev.querydriven.testsupport.conformance.ServiceConformanceTests}) applies every
 * rule here; a service's own rules stay in its {@code ArchitectureTests}:
 *
 * <pre class="code">
 * ServiceArchitectureRules rules = ServiceArchitectureRules.forService("ecommerce-orders",
 * 		"dev.querydriven.ecommerceorders");
 * rules.servicesAreIndependent().check(classes);
 * </pre>
 */
public final class ServiceArchitectureRules {

	/**
	 * The shared modules a service's main code may use. Not the model check: its query
	 * catalogue is test code, and only a service's tests read it.
	 */
	private static final Set<String> SHARED = Set.of("dev.querydriven.modeling..", "dev.querydriven.tablemigration..",
			"dev.querydriven.servicesupport..", "dev.querydriven.embeddedcassandra..",
			"dev.querydriven.writeintents..");

	private final String name;

	private final String basePackage;

	private final List<CqlTemplateException> exceptions;

	private ServiceArchitectureRules(String name, String basePackage, List<CqlTemplateException> exceptions) {
		this.name = name;
		this.basePackage = basePackage;
		this.exceptions = List.copyOf(exceptions);
	}

	/**
	 * The rules of a service.
	 * @param name the service's {@code spring.application.name}, e.g.
	 * {@code ecommerce-orders}: the second part of the name of every setting of its own
	 * @param basePackage the service's package, e.g.
	 * {@code dev.querydriven.ecommerceorders}
	 * @param exceptions the classes allowed to use the driver's raw types, each with its
	 * reason
	 * @return the rules
	 */
	public static ServiceArchitectureRules forService(String name, String basePackage,
			CqlTemplateException... exceptions) {
		return new ServiceArchitectureRules(name, basePackage, List.of(exceptions));
	}

	/**
	 * A service depends on no other service: only on the shared modules and libraries.
	 * @return the rule
	 */
	public ArchRule servicesAreIndependent() {
		List<String> allowed = new java.util.ArrayList<>(SHARED);
		allowed.add(this.basePackage + "..");
		return noClasses().that()
			.resideInAPackage(this.basePackage + "..")
			.should()
			.dependOnClassesThat(
					resideInAPackage("dev.querydriven..").and(not(resideInAnyPackage(allowed.toArray(String[]::new)))))
			.because("each service is a template to copy on its own: it shares only the shared modules");
	}

	/**
	 * Spring Data's templates are used by repositories only: the queries of a feature
	 * live in one place, its repository, reached through the feature's service.
	 * @return the rule
	 */
	public ArchRule templatesOnlyInRepositories() {
		return noClasses().that()
			.resideInAPackage(this.basePackage + "..")
			.and()
			.haveSimpleNameNotEndingWith("Repository")
			.and(not(exception()))
			.should()
			.dependOnClassesThat(
					assignableTo(ReactiveCassandraOperations.class).or(assignableTo(ReactiveCqlOperations.class))
						.or(assignableTo(CassandraOperations.class))
						.or(assignableTo(CqlOperations.class)))
			.because("every query of a feature lives in its repository");
	}

	/**
	 * The driver's raw types ({@code CqlSession}, {@code Row}, row mappers) only in the
	 * listed CQL-template exceptions and in row readers (a {@code @ReadingConverter} from
	 * {@code Row} to an entity, Spring Data's own extension point for reading a row by
	 * hand): everything else reads and writes entities through Spring Data.
	 * @return the rule
	 */
	public ArchRule noRawDriverAccess() {
		return noClasses().that()
			.resideInAPackage(this.basePackage + "..")
			.and(not(exception()))
			.and()
			.areNotAnnotatedWith(ReadingConverter.class)
			.should()
			.dependOnClassesThat(assignableTo(CqlSession.class).or(assignableTo(Row.class))
				.or(assignableTo(ReactiveRow.class))
				.or(assignableTo(RowMapper.class)))
			.because("rows are mapped to entities by Spring Data (or a row reader it calls); the exceptions are "
					+ describeExceptions());
	}

	/**
	 * No blocking call in main code: a blocked event-loop thread stalls every request it
	 * serves.
	 * @return the rule
	 */
	public ArchRule noBlockingCalls() {
		DescribedPredicate<JavaMethodCall> blocking = DescribedPredicate
			.describe("block*() of Mono or Flux, Thread.sleep, Future.get or join", (call) -> {
				JavaClass owner = call.getTargetOwner();
				String name = call.getName();
				return ((owner.isEquivalentTo(Mono.class) || owner.isEquivalentTo(Flux.class))
						&& name.startsWith("block")) || (owner.isEquivalentTo(Thread.class) && name.equals("sleep"))
						|| (owner.isAssignableTo(Future.class) && (name.equals("get") || name.equals("join")));
			});
		return noClasses().that()
			.resideInAPackage(this.basePackage + "..")
			.should()
			.callMethodWhere(blocking)
			.because("the service is reactive end to end");
	}

	/**
	 * No web types below the controllers: services and repositories speak the domain
	 * (rows, domain records), controllers bind requests and map to responses.
	 * @return the rule
	 */
	public ArchRule noWebTypesBelowControllers() {
		return noClasses().that()
			.resideInAPackage(this.basePackage + "..")
			.and(not(webLayer()))
			.should()
			.dependOnClassesThat(resideInAnyPackage("org.springframework.web..", "org.springframework.http..")
				.or(resideInAPackage(this.basePackage + "..").and(webMessage())))
			.because("services return domain types; only controllers (and their mappers) know HTTP");
	}

	/**
	 * Nothing reads the system clock but the time source: every instant comes from the
	 * one {@code Clock} bean, so tests move time instead of sleeping.
	 * @return the rule
	 */
	public ArchRule noSystemClock() {
		DescribedPredicate<JavaMethodCall> systemClock = DescribedPredicate
			.describe("now() of java.time, System.currentTimeMillis, Clock.system*", (call) -> {
				JavaClass owner = call.getTargetOwner();
				String name = call.getName();
				boolean now = name.equals("now") && (owner.isEquivalentTo(Instant.class)
						|| owner.isEquivalentTo(LocalDate.class) || owner.isEquivalentTo(LocalDateTime.class)
						|| owner.isEquivalentTo(LocalTime.class) || owner.isEquivalentTo(ZonedDateTime.class)
						|| owner.isEquivalentTo(OffsetDateTime.class) || owner.isEquivalentTo(Year.class)
						|| owner.isEquivalentTo(YearMonth.class));
				return now || (owner.isEquivalentTo(System.class) && name.equals("currentTimeMillis"))
						|| (owner.isEquivalentTo(Clock.class) && name.startsWith("system"));
			});
		return noClasses().that()
			.resideInAPackage(this.basePackage + "..")
			.should()
			.callMethodWhere(systemClock)
			.because("time comes from the one TimeSource (and its Clock bean), which tests move");
	}

	/**
	 * Repositories are package-private: a feature's tables are reached through its
	 * service only.
	 * @return the rule
	 */
	public ArchRule repositoriesArePackagePrivate() {
		return classes().that()
			.resideInAPackage(this.basePackage + "..")
			.and()
			.haveSimpleNameEndingWith("Repository")
			.should()
			.notBePublic()
			.because("a feature's tables are reached through its service");
	}

	/**
	 * The features do not depend on each other in a cycle.
	 * @return the rule
	 */
	public ArchRule featuresAreFreeOfCycles() {
		return slices().matching(this.basePackage + ".(*)..").should().beFreeOfCycles();
	}

	/**
	 * The service's own settings follow one convention, the same in every service: each
	 * {@code @ConfigurationProperties} class is a record named
	 * {@code <Feature>Properties}, in the package of the feature whose settings it holds,
	 * bound under {@code querydriven.<service>.<feature>} (the demo data's under
	 * {@code querydriven.<service>.seed}); the application class registers them all with
	 * {@code @ConfigurationPropertiesScan}, and nothing registers them another way
	 * ({@code @EnableConfigurationProperties}, {@code @ConfigurationProperties} on a
	 * {@code @Bean} method). The shared modules' settings are theirs, not the service's.
	 * @return the rule
	 */
	public ArchRule configurationPropertiesFollowTheConvention() {
		ArchRule records = classes().that()
			.resideInAPackage(this.basePackage + "..")
			.and()
			.areAnnotatedWith(ConfigurationProperties.class)
			.should(beBoundUnderTheirFeature());
		ArchRule scanned = classes().that()
			.resideInAPackage(this.basePackage + "..")
			.and()
			.areAnnotatedWith(SpringBootApplication.class)
			.should()
			.beAnnotatedWith(ConfigurationPropertiesScan.class);
		ArchRule noOtherRegistration = noClasses().that()
			.resideInAPackage(this.basePackage + "..")
			.should()
			.beAnnotatedWith(EnableConfigurationProperties.class);
		ArchRule noBeanMethods = noMethods().that()
			.areDeclaredInClassesThat()
			.resideInAPackage(this.basePackage + "..")
			.should()
			.beAnnotatedWith(ConfigurationProperties.class);
		return CompositeArchRule.of(records)
			.and(scanned)
			.and(noOtherRegistration)
			.and(noBeanMethods)
			.because("a newcomer who copies one service finds every setting of the others where the name "
					+ "says: querydriven.<service>.<feature> in the <Feature>Properties record of that feature");
	}

	/**
	 * Every shared rule.
	 * @return the rules
	 */
	public List<ArchRule> all() {
		return List.of(servicesAreIndependent(), templatesOnlyInRepositories(), noRawDriverAccess(), noBlockingCalls(),
				noWebTypesBelowControllers(), noSystemClock(), repositoriesArePackagePrivate(),
				featuresAreFreeOfCycles(), configurationPropertiesFollowTheConvention());
	}

	/**
	 * A settings class is a record whose prefix is
	 * {@code querydriven.<service>.<feature>}, with {@code <feature>} its own package
	 * under the service's (dashes dropped, as a package name has none) and its name
	 * {@code <Feature>Properties}.
	 */
	private ArchCondition<JavaClass> beBoundUnderTheirFeature() {
		String service = "querydriven." + this.name + ".";
		return new ArchCondition<>("be records named <Feature>Properties in their feature's package, bound under "
				+ service + "<feature>") {

			@Override
			public void check(JavaClass type, ConditionEvents events) {
				String prefix = prefix(type);
				List<String> problems = new ArrayList<>();
				if (!type.isRecord()) {
					problems.add("is not a record");
				}
				String feature = prefix.startsWith(service) ? prefix.substring(service.length()) : "";
				if (!feature.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*")) {
					problems.add("has the prefix " + prefix + ", not " + service + "<feature>");
				}
				else {
					String featurePackage = ServiceArchitectureRules.this.basePackage + "." + feature.replace("-", "");
					if (!type.getPackageName().equals(featurePackage)) {
						problems.add("names the feature " + feature + " but sits in " + type.getPackageName() + ", not "
								+ featurePackage);
					}
					String expectedName = pascalCase(feature) + "Properties";
					if (!type.getSimpleName().equals(expectedName)) {
						problems.add("is named " + type.getSimpleName() + ", not " + expectedName);
					}
				}
				String message = type.getName()
						+ (problems.isEmpty() ? " follows the convention" : " " + String.join(", and ", problems));
				events.add(new SimpleConditionEvent(type, problems.isEmpty(), message));
			}

		};
	}

	/** The prefix of a {@code @ConfigurationProperties} class, from either attribute. */
	private static String prefix(JavaClass type) {
		JavaAnnotation<JavaClass> annotation = type.getAnnotationOfType(ConfigurationProperties.class.getName());
		for (String attribute : List.of("value", "prefix")) {
			Object value = annotation.get(attribute).orElse("");
			if (value instanceof String text && !text.isEmpty()) {
				return text;
			}
		}
		return "";
	}

	/** {@code category-migration} as {@code CategoryMigration}. */
	private static String pascalCase(String feature) {
		StringBuilder name = new StringBuilder();
		for (String word : feature.split("-")) {
			name.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
		}
		return name.toString();
	}

	private DescribedPredicate<JavaClass> exception() {
		Set<String> names = this.exceptions.stream()
			.map((exception) -> exception.type().getName())
			.collect(Collectors.toSet());
		return DescribedPredicate.describe("a listed CQL-template exception",
				(type) -> names.contains(type.getName()) || names.contains(outermost(type).getName()));
	}

	private static JavaClass outermost(JavaClass type) {
		JavaClass current = type;
		while (current.getEnclosingClass().isPresent()) {
			current = current.getEnclosingClass().get();
		}
		return current;
	}

	private DescribedPredicate<JavaClass> webLayer() {
		return DescribedPredicate.describe(
				"a controller, a mapper, a request/response record or the access table (AccessConfiguration)",
				(type) -> isWeb(outermost(type).getSimpleName()) || isWeb(type.getSimpleName()));
	}

	private static DescribedPredicate<JavaClass> webMessage() {
		return simpleNameEndingWith("Request").or(simpleNameEndingWith("Response"))
			.or(simpleNameEndingWith("Responses"));
	}

	/**
	 * The access table names routes by HTTP method and path: it is the web layer's list
	 * of who may call each route, not domain logic.
	 */
	private static boolean isWeb(String name) {
		return name.equals("AccessConfiguration") || name.endsWith("Controller") || name.endsWith("Mapper")
				|| name.endsWith("MapperImpl") || name.endsWith("Request") || name.endsWith("Response")
				|| name.endsWith("Responses");
	}

	private String describeExceptions() {
		if (this.exceptions.isEmpty()) {
			return "none";
		}
		return this.exceptions.stream()
			.map((exception) -> exception.type().getSimpleName() + " (" + exception.reason() + ")")
			.collect(Collectors.joining(", "));
	}

}
