package dev.querydriven.modelcheck;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

	/**
	 * A test class whose methods refer to a type missing from the class path (found only
	 * when its methods are read) is skipped, not fatal: the others still count.
	 */
	@Test
	void classesWithMissingDependenciesAreSkipped(@TempDir Path classes) throws IOException {
		Path sources = Files.createDirectories(classes.resolve("src/probe"));
		Files.writeString(sources.resolve("Missing.java"), "package probe; public class Missing { }");
		Files.writeString(sources.resolve("BrokenProof.java"),
				"package probe; public class BrokenProof { @org.junit.jupiter.api.Test "
						+ "@dev.querydriven.modeling.ServesQuery(\"Q1\") void proof(Missing missing) { } }");
		Files.writeString(sources.resolve("SoundProof.java"),
				"package probe; public class SoundProof { @org.junit.jupiter.api.Test "
						+ "@dev.querydriven.modeling.ServesQuery(\"Q2\") void proof() { } }");
		JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
		int status = javac.run(null, null, null, "-d", classes.toString(), "-classpath",
				System.getProperty("java.class.path"), sources.resolve("Missing.java").toString(),
				sources.resolve("BrokenProof.java").toString(), sources.resolve("SoundProof.java").toString());
		assertThat(status).isZero();
		Files.delete(classes.resolve("probe/Missing.class"));
		try (URLClassLoader loader = new URLClassLoader(new URL[] { classes.toUri().toURL() },
				getClass().getClassLoader())) {
			QueryEvidence evidence = QueryEvidence.scan(loader, "probe", classes, null);
			assertThat(evidence.testsOf("Q1")).isEmpty();
			assertThat(evidence.testsOf("Q2")).containsExactly("SoundProof.proof");
		}
	}

	/** Without evidence, tests are not judged at all. */
	@Test
	void noEvidenceChecksNoTests() {
		assertThat(QueryEvidence.none().testsChecked()).isFalse();
		assertThat(QueryEvidence.none().testsOf("Q1")).isEmpty();
	}

}
