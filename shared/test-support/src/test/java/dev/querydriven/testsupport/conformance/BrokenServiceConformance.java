package dev.querydriven.testsupport.conformance;

import java.util.Collection;
import java.util.List;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.querydriven.modelcheck.catalog.AccessPattern;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.catalog.SizingFacts;
import dev.querydriven.modelcheck.catalog.WritePattern;
import dev.querydriven.testsupport.architecture.ServiceArchitectureRules;
import dev.querydriven.testsupport.hostile.HostileInput;
import org.junit.jupiter.api.Order;

/**
 * The conformance suite on a service that breaks it. The build runs classes named
 * {@code *Tests} only; {@link ConformanceSuiteTests} runs the parts of this one it shows.
 * The service's classes are the settings of {@code architecture.bad}, which break the
 * convention every way the rule knows, and of the two statements its catalogue lists, its
 * tests executed only the query.
 */
@Order(Integer.MAX_VALUE)
class BrokenServiceConformance extends ServiceConformanceTests {

	static final String BAD = "dev.querydriven.testsupport.architecture.bad";

	@Override
	protected QueryCatalog catalog() {
		return new NotesCatalog();
	}

	@Override
	protected ServiceArchitectureRules architecture() {
		return ServiceArchitectureRules.forService("bad-service", BAD);
	}

	@Override
	protected HostileInput.Builder validRequests(HostileInput.Builder requests) {
		throw new UnsupportedOperationException("The broken service has no HTTP operations");
	}

	/** The bad service's classes, which live among this module's tests. */
	@Override
	protected JavaClasses mainClasses() {
		return new ClassFileImporter().importPackages(BAD);
	}

	/** What its tests executed: the query, never the delete. */
	@Override
	protected Collection<String> executedStatements() {
		return List.of("SELECT body FROM notes_by_id WHERE note_id = ?");
	}

	/** A catalogue of one query and one write. */
	static class NotesCatalog implements QueryCatalog {

		@Override
		public String keyspace() {
			return "broken";
		}

		@Override
		public List<AccessPattern> accessPatterns() {
			return List.of(new AccessPattern("Q1", "a note by its id", "notes_by_id",
					"SELECT body FROM notes_by_id WHERE note_id = ?", "", SizingFacts.singleRow(1_000, 100, 1, "")));
		}

		@Override
		public List<WritePattern> writePatterns() {
			return List.of(new WritePattern("W1", "delete a note", "notes_by_id",
					"DELETE FROM notes_by_id WHERE note_id = ?"));
		}

	}

}
