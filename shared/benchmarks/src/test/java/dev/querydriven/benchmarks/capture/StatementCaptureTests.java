package dev.querydriven.benchmarks.capture;

import java.lang.reflect.Proxy;
import java.util.Set;

import com.datastax.dse.driver.api.core.cql.reactive.ReactiveResultSet;
import com.datastax.dse.driver.api.core.cql.reactive.ReactiveRow;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Capturing the statements a service executes, from its own session.
 */
class StatementCaptureTests {

	private final StatementCapture capture = new StatementCapture();

	private final CqlSession session = (CqlSession) this.capture.postProcessAfterInitialization(fakeSession(),
			"cassandraSession");

	/** Statements run one after the other are captured in two stages, in order. */
	@Test
	void dependentStatementsAreCapturedInOrder() {
		CapturedRequest request = this.capture.capture(Set.of(),
				() -> execute("first").then(execute("second")).contextWrite(StatementCapture.marker()).block());

		assertThat(request.stages()).hasSize(2);
		assertThat(request.statements()).extracting((captured) -> query(captured.statement()))
			.containsExactly("first", "second");
	}

	/**
	 * Statements of background work, outside the captured request's chain, are not
	 * captured.
	 */
	@Test
	void backgroundStatementsAreNotCaptured() {
		CapturedRequest request = this.capture.capture(Set.of(), () -> {
			execute("background").block();
			execute("request").contextWrite(StatementCapture.marker()).block();
		});

		assertThat(request.statements()).extracting((captured) -> query(captured.statement()))
			.containsExactly("request");
	}

	private Mono<Void> execute(String query) {
		return Mono.defer(() -> Flux.from(this.session.executeReactive(SimpleStatement.newInstance(query))).then());
	}

	private static String query(Statement<?> statement) {
		return ((SimpleStatement) statement).getQuery();
	}

	private static CqlSession fakeSession() {
		return (CqlSession) Proxy.newProxyInstance(CqlSession.class.getClassLoader(),
				new Class<?>[] { CqlSession.class }, (proxy, method, args) -> {
					if (method.getName().equals("executeReactive")) {
						return emptyResult();
					}
					throw new UnsupportedOperationException(method.getName());
				});
	}

	private static ReactiveResultSet emptyResult() {
		return (ReactiveResultSet) Proxy.newProxyInstance(ReactiveResultSet.class.getClassLoader(),
				new Class<?>[] { ReactiveResultSet.class }, (proxy, method, args) -> {
					if (method.getName().equals("subscribe")) {
						@SuppressWarnings("unchecked")
						Subscriber<ReactiveRow> subscriber = (Subscriber<ReactiveRow>) args[0];
						subscriber.onSubscribe(new Subscription() {

							@Override
							public void request(long n) {
								subscriber.onComplete();
							}

							@Override
							public void cancel() {
							}

						});
						return null;
					}
					throw new UnsupportedOperationException(method.getName());
				});
	}

}
