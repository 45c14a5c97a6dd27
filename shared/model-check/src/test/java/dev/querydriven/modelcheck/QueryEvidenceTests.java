package dev.querydriven.modelcheck;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The evidence scan finds which tests prove and which code serves each query, from the
 * compiled classes.
 */
class QueryEvidenceTests {

	private static final Path CLASSES = Path.of("target/test-classes");

	/**
	 * Class-level ids cover every test method; method-level ids count on test methods
	 * (meta-annotated ones too) and not on helpers.
	 */
	@Test
	void testsAreTheTestMethodsCarryingAnId() {
		QueryEvidence evidence = QueryEvidence.scan(getClass().getClassLoader(),
				"dev.querydriven.modelcheck.fixture.good", CLASSES, null);
		assertThat(evidence.testsChecked()).isTrue();
		assertThat(evidence.testsOf("Q1")).containsExactly("UserQueriesProof.userIsFoundByIdAndByEmail");
		assertThat(evidence.testsOf("Q4")).containsExactly("ContentQueriesProof.readingsAndCommentsComeInOrder");
		assertThat(evidence.testsOf("Q5")).containsExactly("ContentQueriesProof.readingsAndCommentsComeInOrder");
		assertThat(evidence.codeOf("Q1")).isEmpty();
		assertThat(evidence.namedIds()).containsExactlyInAnyOrder("Q1", "Q2", "Q3", "Q4", "Q5");
	}

	/**
	 * Application code carrying an id serves that query; test classes among the scanned
	 * classes are not application code, and the package bounds the scan.
	 */
	@Test
	void codeCarryingAnIdServesTheQuery() {
		QueryEvidence evidence = QueryEvidence.scan(getClass().getClassLoader(),
				"dev.querydriven.modelcheck.fixture.partial", Path.of("target/absent"), CLASSES);
		assertThat(evidence.testsOf("Q1")).isEmpty();
		assertThat(evidence.codeOf("Q1")).isEmpty();
		QueryEvidence good = QueryEvidence.scan(getClass().getClassLoader(), "dev.querydriven.modelcheck.fixture.good",
				Path.of("target/absent"), CLASSES);
		assertThat(good.codeOf("Q1")).containsExactly("UserRepositoryFixture.findById");
		assertThat(good.codeOf("Q5")).isEmpty();
	}

	/** Without evidence, tests are not judged at all. */
	@Test
	void noEvidenceChecksNoTests() {
		assertThat(QueryEvidence.none().testsChecked()).isFalse();
		assertThat(QueryEvidence.none().testsOf("Q1")).isEmpty();
	}

}
