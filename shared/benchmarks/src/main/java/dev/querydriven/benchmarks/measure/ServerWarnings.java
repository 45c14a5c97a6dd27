package dev.querydriven.benchmarks.measure;

import java.util.ArrayList;
import java.util.List;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import org.slf4j.LoggerFactory;

/**
 * Counts the warnings Cassandra sends back with responses (a large batch, tombstones, a
 * guardrail): a benchmark that provokes them measures a model that would be fixed first.
 * The driver reports them only in its log ("generated server side warning"), so that is
 * where they are counted.
 */
public final class ServerWarnings {

	/** What the driver logs with every server-side warning. */
	public static final String MARKER = "generated server side warning";

	private static final String APPENDER = "benchmark-server-warnings";

	private static final List<String> warnings = new ArrayList<>();

	private ServerWarnings() {
	}

	/**
	 * Starts counting (again, after Spring Boot reset the logging). Idempotent.
	 */
	public static synchronized void capture() {
		if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
			return;
		}
		Logger logger = context.getLogger("com.datastax.oss.driver");
		if (logger.getAppender(APPENDER) != null) {
			return;
		}
		if (logger.getEffectiveLevel().isGreaterOrEqual(Level.ERROR)) {
			logger.setLevel(Level.WARN);
		}
		AppenderBase<ILoggingEvent> appender = new AppenderBase<>() {

			@Override
			protected void append(ILoggingEvent event) {
				if (event.getLevel().isGreaterOrEqual(Level.WARN) && event.getMessage().contains(MARKER)) {
					record(event.getFormattedMessage());
				}
			}

		};
		appender.setName(APPENDER);
		appender.setContext(context);
		appender.start();
		logger.addAppender(appender);
	}

	/**
	 * Returns and forgets the warnings so far.
	 * @return the warnings, oldest first
	 */
	public static synchronized List<String> drain() {
		List<String> drained = List.copyOf(warnings);
		warnings.clear();
		return drained;
	}

	private static synchronized void record(String warning) {
		if (warnings.size() < 1000) {
			warnings.add(warning);
		}
	}

}
