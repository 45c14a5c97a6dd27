package dev.querydriven.modelcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The corpus: schema and query files written the ways people publish them (cqlsh scripts
 * of every era, tutorial schemas, {@code DESCRIBE} output, several keyspaces in one file,
 * files with mistakes), each judged by the stand-alone checker on one shared node. Each
 * {@code corpus/<name>/expected.txt} lists the exit code and every finding
 * ({@code verdict check/rule table [subject]}), compared exactly, and may require notes
 * or error text ({@code note ...}, {@code stderr ...}); an optional {@code args.txt} adds
 * command-line options. Every JSON report is held to its published schema.
 */
class CorpusIntegrationTests {

	private static final Schema REPORT_SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
		.getSchema(Objects.requireNonNull(CorpusIntegrationTests.class.getClassLoader()
			.getResourceAsStream("dev/querydriven/modelcheck/report/model-check-report.schema.json")));

	private static final JsonMapper JSON = JsonMapper.builder().build();

	static Stream<String> corpus() throws IOException {
		try (Stream<Path> entries = Files.list(root())) {
			return entries.filter(Files::isDirectory)
				.map((path) -> path.getFileName().toString())
				.sorted()
				.toList()
				.stream();
		}
	}

	/** The published-style files load and get their expected verdicts and findings. */
	@ParameterizedTest(name = "{0}")
	@MethodSource("corpus")
	void publishedFilesGetTheirVerdicts(String name) throws IOException {
		Path directory = root().resolve(name);
		List<String> args = new ArrayList<>(List.of("--schema", directory.resolve("schema.cql").toString(), "--queries",
				directory.resolve("queries.cql").toString(), "--format", "json"));
		if (Files.exists(directory.resolve("facts.properties"))) {
			args.addAll(List.of("--facts", directory.resolve("facts.properties").toString()));
		}
		if (Files.exists(directory.resolve("args.txt"))) {
			args.addAll(Arrays.asList(Files.readString(directory.resolve("args.txt")).strip().split("\\s+")));
		}
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		int code = ModelCheckCommand.execute(SharedCheckerNode.source(), new PrintWriter(out), new PrintWriter(err),
				args.toArray(String[]::new));
		List<String> actual = new ArrayList<>();
		actual.add("exit " + code);
		List<String> notes = new ArrayList<>();
		if (!out.toString().isEmpty()) {
			List<Error> errors = REPORT_SCHEMA.validate(out.toString(), InputFormat.JSON);
			assertThat(errors).as("the JSON report of %s against its schema", name).isEmpty();
			JsonNode report = JSON.readTree(out.toString());
			for (JsonNode finding : report.get("findings")) {
				actual.add(line(finding));
			}
			report.get("notes").forEach((note) -> notes.add(note.asString()));
		}
		List<String> expected = Files.readAllLines(directory.resolve("expected.txt"))
			.stream()
			.map(String::strip)
			.filter((line) -> !line.isEmpty() && !line.startsWith("#"))
			.toList();
		List<String> expectedFindings = expected.stream()
			.filter((line) -> !line.startsWith("note ") && !line.startsWith("stderr "))
			.sorted()
			.toList();
		assertThat(actual.stream().sorted().toList())
			.as("%s\nstderr:\n%s\nnotes:\n%s", name, err, String.join("\n", notes))
			.isEqualTo(expectedFindings);
		for (String line : expected) {
			if (line.startsWith("note ")) {
				assertThat(notes).as(name).anyMatch((note) -> note.contains(line.substring("note ".length())));
			}
			if (line.startsWith("stderr ")) {
				assertThat(err.toString()).as(name).contains(line.substring("stderr ".length()));
			}
		}
	}

	private static String line(JsonNode finding) {
		String table = finding.get("table").isNull() ? "-" : finding.get("table").asString();
		String subject = finding.get("subject").asString();
		return finding.get("verdict").asString() + " " + finding.get("check").asString() + "/"
				+ finding.get("rule").asString() + " " + table + (subject.equals(table) ? "" : " " + subject);
	}

	private static Path root() {
		try {
			return Path.of(Objects.requireNonNull(CorpusIntegrationTests.class.getClassLoader().getResource("corpus"))
				.toURI());
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
