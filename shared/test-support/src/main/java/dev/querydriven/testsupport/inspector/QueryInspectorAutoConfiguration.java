package dev.querydriven.testsupport.inspector;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.testsupport.devrun.OnInspectorCondition;
import dev.querydriven.testsupport.recording.StatementRecorder;
import dev.querydriven.testsupport.recording.StatementRecorderAutoConfiguration;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatchers;
import org.springframework.web.reactive.function.server.support.RouterFunctionMapping;

/**
 * The query inspector of a dev run ({@link OnInspectorCondition}): the buffer of the
 * latest requests fed by the statement recorder, the filter that marks each request's
 * beginning and end, and the routes under {@code /inspector}. The routes are mapped by a
 * handler mapping of their own rather than declared as a router bean, so that the
 * service's API document (and the hostile-input suite that reads it) never lists them.
 */
@AutoConfiguration(after = StatementRecorderAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@Conditional(OnInspectorCondition.class)
@EnableConfigurationProperties(InspectorProperties.class)
public final class QueryInspectorAutoConfiguration {

	@Bean
	QueryInspector queryInspector(InspectorProperties properties, StatementRecorder recorder) {
		QueryInspector inspector = new QueryInspector(Clock.systemUTC(), properties.requests(),
				properties.statementsPerRequest());
		recorder.onRecorded(inspector::recorded);
		return inspector;
	}

	@Bean
	InspectorWebFilter inspectorWebFilter(QueryInspector inspector) {
		return new InspectorWebFilter(inspector);
	}

	@Bean
	RouterFunctionMapping inspectorHandlerMapping(QueryInspector inspector, InspectorProperties properties,
			ObjectProvider<QueryCatalog> catalog, ObjectProvider<CqlSession> session, ServerCodecConfigurer codecs) {
		SimulatedRing ring = new SimulatedRing(properties.ring().nodes(), properties.ring().replicationFactor());
		InspectorReport report = new InspectorReport(catalog.getIfAvailable(), ring,
				(table) -> partitionKey(session.getIfAvailable(), table));
		CqlSession cql = session.getIfAvailable();
		PartitionView partitions = (cql != null) ? new PartitionView(cql) : null;
		RouterFunctionMapping mapping = new RouterFunctionMapping(
				new InspectorRoutes(inspector, report, partitions, new InspectorDocs(Path.of(""))).routes());
		mapping.setMessageReaders(codecs.getReaders());
		// Before the application's mappings: its own routes never start with /inspector.
		mapping.setOrder(Ordered.HIGHEST_PRECEDENCE);
		return mapping;
	}

	private static List<String> partitionKey(CqlSession session, String table) {
		int dot = table.indexOf('.');
		if (session == null || dot < 0) {
			return List.of();
		}
		return session.getMetadata()
			.getKeyspace(CqlIdentifier.fromInternal(table.substring(0, dot)))
			.flatMap((keyspace) -> keyspace.getTable(CqlIdentifier.fromInternal(table.substring(dot + 1))))
			.map((metadata) -> metadata.getPartitionKey()
				.stream()
				.map(ColumnMetadata::getName)
				.map(CqlIdentifier::asInternal)
				.toList())
			.orElse(List.of());
	}

	/**
	 * The inspector's routes are open to loopback clients without a token (the routes
	 * themselves refuse everyone else): a developer's browser on the dev run's machine.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(ServerHttpSecurity.class)
	static class InspectorSecurityConfiguration {

		@Bean
		@Order(0)
		SecurityWebFilterChain inspectorSecurity(ServerHttpSecurity http) {
			return http
				.securityMatcher(
						ServerWebExchangeMatchers.pathMatchers(InspectorRoutes.PREFIX, InspectorRoutes.PREFIX + "/**"))
				.authorizeExchange((exchanges) -> exchanges.anyExchange().permitAll())
				.csrf(ServerHttpSecurity.CsrfSpec::disable)
				.requestCache(ServerHttpSecurity.RequestCacheSpec::disable)
				.build();
		}

	}

}
