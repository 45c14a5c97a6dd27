package dev.querydriven.testcassandra;

import java.util.ArrayList;
import java.util.List;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import org.slf4j.LoggerFactory;

/**
 * Collects the warnings Cassandra returns with responses (a batch too large, too many
 * tombstones, a guardrail). The Java driver reports them only by logging ("Query ...
 * generated server side warning(s)"); its request-tracker API never sees them, so they
 * are captured from the driver's log. Spring Boot resets logging when a context starts,
 * so the capture is re-attached then and before each test.
 */
public final class CassandraWarnings {

	private static final String DRIVER_LOGGER = "com.datastax.oss.driver";

	private static final String APPENDER_NAME = "query-driven-cassandra-warnings";

	private static final List<String> warnings = new ArrayList<>();

	private CassandraWarnings() {
	}

	/**
	 * Starts capturing (again, after a logging reset). Idempotent.
	 */
	public static synchronized void capture() {
		if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
			return;
		}
		Logger logger = context.getLogger(DRIVER_LOGGER);
		if (logger.getAppender(APPENDER_NAME) != null) {
			return;
		}
		if (logger.getEffectiveLevel().isGreaterOrEqual(Level.ERROR)) {
			logger.setLevel(Level.WARN);
		}
		Capture capture = new Capture();
		capture.setName(APPENDER_NAME);
		capture.setContext(context);
		capture.start();
		logger.addAppender(capture);
	}

	/**
	 * Returns and forgets the warnings captured so far.
	 * @return the warnings, oldest first
	 */
	public static synchronized List<String> drain() {
		List<String> drained = List.copyOf(warnings);
		warnings.clear();
		return drained;
	}

	private static synchronized void record(String warning) {
		warnings.add(warning);
	}

	private static final class Capture extends AppenderBase<ILoggingEvent> {

		@Override
		protected void append(ILoggingEvent event) {
			if (event.getLevel().isGreaterOrEqual(Level.WARN)
					&& event.getMessage().contains("generated server side warning")) {
				record(event.getFormattedMessage());
			}
		}

	}

}
