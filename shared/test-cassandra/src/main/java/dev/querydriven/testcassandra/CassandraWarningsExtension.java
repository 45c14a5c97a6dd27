package dev.querydriven.testcassandra;

import java.util.List;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test when Cassandra returned any warning while it ran (or while its application
 * context started): in this project a warning is a defect.
 */
public final class CassandraWarningsExtension implements BeforeEachCallback, AfterEachCallback {

	@Override
	public void beforeEach(ExtensionContext context) {
		CassandraWarnings.capture();
	}

	@Override
	public void afterEach(ExtensionContext context) {
		List<String> warnings = CassandraWarnings.drain();
		if (!warnings.isEmpty()) {
			throw new AssertionError("Cassandra returned " + warnings.size() + " warning(s); warnings are defects:\n  "
					+ String.join("\n  ", warnings));
		}
	}

}
