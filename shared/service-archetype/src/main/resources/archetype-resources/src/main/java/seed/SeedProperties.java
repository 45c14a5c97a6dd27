package ${package}.seed;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Demo data of dev runs: {@code querydriven.${artifactId}.seed.*}.
 *
 * @param enabled whether to seed at startup (off in tests)
 * @param owners how many owners
 * @param notesPerOwner how many notes each owner gets
 * @param namespace the name every demo owner id is derived from: another namespace is
 * another, independent set of demo data (a test seeding its own volume uses a random one)
 */
@ConfigurationProperties("querydriven.${artifactId}.seed")
public record SeedProperties(@DefaultValue("false") boolean enabled, @DefaultValue("20") int owners,
		@DefaultValue("25") int notesPerOwner, @DefaultValue("querydriven-demo") String namespace) {

}
