package dev.querydriven.testsupport.devrun;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The dev run's embedded node ({@code querydriven.cassandra.embedded.*}).
 *
 * @param enabled whether to start one when {@code spring.cassandra.contact-points} is not
 * set
 * @param directory where it keeps data between runs (default: the user cache directory,
 * {@code nodes/<spring.application.name>})
 * @param preferredPort the CQL port when free, so that cqlsh connects without options
 * @param heap the node's heap size
 */
@ConfigurationProperties("querydriven.cassandra.embedded")
public record EmbeddedCassandraProperties(@DefaultValue("true") boolean enabled, Path directory,
		@DefaultValue("9042") int preferredPort, @DefaultValue("1g") String heap) {

}
