package dev.querydriven.servicesupport.cassandra;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import com.datastax.oss.driver.api.core.CqlSession;

/**
 * A view of a session whose close does nothing: the migration library closes the session
 * it is given once its set is applied, and every set of a service runs on one session,
 * closed once at the end (each new session would cost its connections and its quiet
 * period at close, at every start).
 */
final class UnclosableSession {

	private static final Set<String> CLOSING = Set.of("closeAsync", "forceCloseAsync");

	private UnclosableSession() {
	}

	static CqlSession of(CqlSession session) {
		return (CqlSession) Proxy.newProxyInstance(CqlSession.class.getClassLoader(),
				new Class<?>[] { CqlSession.class }, (proxy, method, args) -> {
					if (method.getName().equals("close") && method.getParameterCount() == 0) {
						return null;
					}
					if (CLOSING.contains(method.getName()) && method.getParameterCount() == 0) {
						return CompletableFuture.completedFuture(null);
					}
					try {
						return method.invoke(session, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
				});
	}

}
