package dev.querydriven.servicesupport.cassandra;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The view of the migrator's session that the migration library gets, for two reasons.
 * <ul>
 * <li>Its close does nothing: the library closes the session it is given once its set is
 * applied, and every set of a service runs on one session, closed once at the end (each
 * new session would cost its connections and its quiet period at close, at every
 * start).</li>
 * <li>A statement refused (or a statement's preparation) because its coordinator does not
 * know a table or a type yet is sent again. A schema change reaches the other nodes
 * asynchronously; the driver waits until every node reports the new schema version, yet
 * on a ring formed a moment ago, on busy machines, a node has been seen to refuse a table
 * about a second after that (a script's {@code CREATE TABLE} followed by an
 * {@code INSERT} into it, or the library's own lock table created and then prepared
 * against). A refused statement did nothing, so sending it again is safe whatever it is;
 * it is sent until the nodes agree and it runs, for a bounded time.</li>
 * </ul>
 */
final class MigrationSession {

	private static final Logger logger = LoggerFactory.getLogger(MigrationSession.class);

	private static final Set<String> CLOSING = Set.of("closeAsync", "forceCloseAsync");

	/**
	 * What the library asks a coordinator to do with a script's or its own statements.
	 */
	private static final Set<String> REQUESTS = Set.of("execute", "prepare");

	/** What a coordinator says when it does not know a table or a type yet. */
	private static final Pattern NOT_YET_KNOWN = Pattern
		.compile("table \\S+ does not exist|unconfigured table|Unknown type");

	private MigrationSession() {
	}

	/**
	 * The view of a session.
	 * @param session the migrator's session
	 * @param settleLimit how long a statement is sent again while a node does not know
	 * its table or type yet
	 * @param pause the pause between two attempts
	 * @return the view
	 */
	static CqlSession of(CqlSession session, Duration settleLimit, Duration pause) {
		return (CqlSession) Proxy.newProxyInstance(CqlSession.class.getClassLoader(),
				new Class<?>[] { CqlSession.class }, (proxy, method, args) -> {
					if (method.getName().equals("close") && method.getParameterCount() == 0) {
						return null;
					}
					if (CLOSING.contains(method.getName()) && method.getParameterCount() == 0) {
						return CompletableFuture.completedFuture(null);
					}
					if (REQUESTS.contains(method.getName())) {
						return executeOnceKnown(session, method, args, settleLimit, pause);
					}
					return invoke(session, method, args);
				});
	}

	private static Object executeOnceKnown(CqlSession session, Method method, Object[] args, Duration settleLimit,
			Duration pause) throws Throwable {
		long deadline = System.nanoTime() + settleLimit.toNanos();
		for (int attempt = 1;; attempt++) {
			try {
				return invoke(session, method, args);
			}
			catch (InvalidQueryException ex) {
				if (!notYetKnown(ex) || System.nanoTime() - deadline >= 0) {
					throw ex;
				}
				logger.info("A node does not know the schema this statement uses yet ({}); sending it again "
						+ "once the nodes agree (attempt {})", ex.getMessage(), attempt + 1);
				session.checkSchemaAgreement();
				Thread.sleep(pause.toMillis());
			}
		}
	}

	private static boolean notYetKnown(InvalidQueryException ex) {
		return ex.getMessage() != null && NOT_YET_KNOWN.matcher(ex.getMessage()).find();
	}

	private static Object invoke(CqlSession session, Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(session, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

}
