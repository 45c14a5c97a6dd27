package dev.querydriven.testsupport;

import java.time.Duration;
import java.util.List;

import dev.querydriven.servicesupport.data.ServiceReactiveSession;
import dev.querydriven.testsupport.recording.RecordedStatement;
import dev.querydriven.testsupport.recording.StatementRecorder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Proves that a steady load prepares nothing new: every statement text is prepared once
 * and its prepared statement reused. Runs the load once to warm up, lets the garbage
 * collector run (the driver's own cache keeps prepared statements only weakly, so a
 * collection would make it forget them), runs the load again, and asserts that the second
 * run executed only prepared statements, sent no {@code PREPARE} and bound no prepared
 * statement it had not seen in the first run.
 */
public final class PreparedStatementsCheck {

	private PreparedStatementsCheck() {
	}

	/**
	 * Runs the check.
	 * @param recorder the application's statement recorder
	 * @param session the application's session (which counts the prepares it sends)
	 * @param load a steady load, e.g. the same few requests
	 */
	public static void assertSteadyLoadPreparesNothing(StatementRecorder recorder, ServiceReactiveSession session,
			Runnable load) {
		recorder.record(load);
		long prepares = session.preparesSent();
		int prepared = recorder.preparedStatementsSeen();
		System.gc();
		List<RecordedStatement> second = recorder.record(load).application();
		assertThat(second).as("statements the application executed under the load").isNotEmpty();
		assertThat(second).as("statements executed without being prepared")
			.filteredOn((statement) -> !statement.prepared())
			.isEmpty();
		assertThat(session.preparesSent()).as("PREPARE requests sent under a steady load").isEqualTo(prepares);
		assertThat(recorder.preparedStatementsSeen()).as("prepared statements first bound under a steady load")
			.isEqualTo(prepared);
		assertThat(recorder.awaitQuiet(Duration.ofSeconds(10))).isTrue();
	}

}
