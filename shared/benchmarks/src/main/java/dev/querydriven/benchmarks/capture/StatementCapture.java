package dev.querydriven.benchmarks.capture;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;

import reactor.util.context.Context;

import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Captures the statements a service executes, from its own session: the
 * {@link CqlSession} bean is wrapped so that every {@code execute}, {@code executeAsync}
 * and {@code executeReactive} is recorded with the moment it was issued and the moment
 * its response arrived, while a capture is open. Whatever the persistence code looks like
 * (repositories on the driver, Spring Data templates), the statements that reach the
 * driver are the ones recorded.
 *
 * <p>
 * The driver's request tracker would see the same statements, but it is told of a
 * response only after the response has been handed on, and so after the service has
 * issued any statement that depends on it: the two would look concurrent. The wrapper
 * sees the response first.
 */
public final class StatementCapture implements BeanPostProcessor {

	private volatile List<CapturedStatement> sink;

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof CqlSession session && !isCapturing(bean)) {
			return Proxy.newProxyInstance(CqlSession.class.getClassLoader(), new Class<?>[] { CqlSession.class },
					new Recording(session));
		}
		return bean;
	}

	private static boolean isCapturing(Object bean) {
		return Proxy.isProxyClass(bean.getClass()) && Proxy.getInvocationHandler(bean) instanceof Recording;
	}

	/**
	 * Marks a request's Reactor context as the captured request's: a reactive statement
	 * issued under another context (background work of the service) is not recorded.
	 * @return the context to write into the captured request's chain
	 */
	public static Context marker() {
		return Context.of(CapturingReactiveResultSet.CAPTURED, Boolean.TRUE);
	}

	/**
	 * Runs one request with the capture open. Requests must not overlap: everything the
	 * session executes meanwhile is attributed to this one.
	 * @param freshIds the ids the request creates
	 * @param request runs the request to its end
	 * @return what it executed
	 */
	public synchronized CapturedRequest capture(Set<UUID> freshIds, Runnable request) {
		List<CapturedStatement> statements = Collections.synchronizedList(new ArrayList<>());
		long wallMicros = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
		this.sink = statements;
		try {
			request.run();
		}
		finally {
			this.sink = null;
		}
		synchronized (statements) {
			return CapturedRequest.of(statements, freshIds, wallMicros);
		}
	}

	private final class Recording implements InvocationHandler {

		private final CqlSession session;

		private Recording(CqlSession session) {
			this.session = session;
		}

		@Override
		public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
			List<CapturedStatement> statements = StatementCapture.this.sink;
			Statement<?> statement = (statements != null) ? statementOf(method, args) : null;
			if (statement == null) {
				return call(method, args);
			}
			long start = System.nanoTime();
			return switch (method.getName()) {
				case "executeReactive" ->
					new CapturingReactiveResultSet(this.session.executeReactive(statement), statement, statements);
				case "executeAsync" -> this.session.executeAsync(statement)
					.whenComplete((result, error) -> statements
						.add(new CapturedStatement(statement, start, System.nanoTime())));
				default -> {
					try {
						yield this.session.execute(statement);
					}
					finally {
						statements.add(new CapturedStatement(statement, start, System.nanoTime()));
					}
				}
			};
		}

		/**
		 * The statement of a one-argument {@code execute*} call, or {@code null} for any
		 * other method (preparing, metadata, the generic {@code execute(Request, type)}).
		 */
		private Statement<?> statementOf(Method method, Object[] args) {
			String name = method.getName();
			if (args == null || args.length != 1
					|| !(name.equals("execute") || name.equals("executeAsync") || name.equals("executeReactive"))) {
				return null;
			}
			if (args[0] instanceof Statement<?> statement) {
				return statement;
			}
			return (args[0] instanceof String query) ? SimpleStatement.newInstance(query) : null;
		}

		private Object call(Method method, Object[] args) throws Throwable {
			try {
				return method.invoke(this.session, args);
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
		}

	}

}
