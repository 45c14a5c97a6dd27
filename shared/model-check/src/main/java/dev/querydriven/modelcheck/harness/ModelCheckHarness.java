package dev.querydriven.modelcheck.harness;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.querydriven.modelcheck.Audience;
import dev.querydriven.modelcheck.Finding;
import dev.querydriven.modelcheck.JmxTableMetrics;
import dev.querydriven.modelcheck.ModelCheck;
import dev.querydriven.modelcheck.ModelReport;
import dev.querydriven.modelcheck.QueryEvidence;
import dev.querydriven.modelcheck.Verdict;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.report.ReportRenderer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The model check in a service's build, in a few lines of a test. Every service's
 * conformance suite ({@code ServiceConformanceTests} in {@code shared/test-support})
 * verifies the checklist:
 *
 * <pre class="code">
 * ModelReport report = ModelCheckHarness.of(new SocialFeedQueryCatalog(), session)
 *     .testClassesOf(getClass())
 *     .verify();
 * </pre>
 *
 * and the service's own volume scenario, after loading demo data, measures its partitions
 * on the node:
 *
 * <pre class="code">
 * ModelReport measured = ModelCheckHarness.of(new SocialFeedQueryCatalog(), session)
 *     .measuredOn(SharedCassandra.backend().jmxAddress())
 *     .measure();
 * </pre>
 *
 * {@link #verify()} runs every check against the keyspace on the test's node, finds the
 * tests carrying each query's id among the service's compiled tests, and fails when the
 * committed {@code docs/model-report.md} and {@code docs/model-report.html} differ from
 * the generated ones (regenerate them with {@code -Dquerydriven.update-generated=true})
 * or when any finding is a {@code fail}. {@link #measure()} flushes the node and measures
 * every table, writes the full report (measured figures included) to
 * {@code target/model-check/}, and fails on a measured {@code fail}; the committed report
 * leaves the measured figures out, so it is the same with or without them.
 */
public final class ModelCheckHarness {

	/** The system property that rewrites the committed report instead of comparing it. */
	public static final String UPDATE_PROPERTY = "querydriven.update-generated";

	private static final Logger logger = LoggerFactory.getLogger(ModelCheckHarness.class);

	private final QueryCatalog catalog;

	private final CqlSession session;

	private Class<?> testClass;

	private String title;

	private Path reportDirectory = Path.of("docs");

	private InetSocketAddress jmx;

	private ModelCheckHarness(QueryCatalog catalog, CqlSession session, Class<?> testClass) {
		this.catalog = Objects.requireNonNull(catalog, "catalog");
		this.session = Objects.requireNonNull(session, "session");
		this.testClass = testClass;
	}

	/**
	 * Prepares the check of a service's catalogue. The calling test's class locates the
	 * compiled tests ({@code target/test-classes}); the catalogue's class names the
	 * package to search and locates the application code (for a catalogue among the
	 * tests, in {@code target/classes} next to them).
	 * @param catalog the service's catalogue
	 * @param session a session on the node holding the service's keyspace
	 * @return the harness
	 */
	public static ModelCheckHarness of(QueryCatalog catalog, CqlSession session) {
		Class<?> caller = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
			.walk((frames) -> frames.map(StackWalker.StackFrame::getDeclaringClass)
				.filter((type) -> type != ModelCheckHarness.class)
				.findFirst())
			.orElseThrow();
		return new ModelCheckHarness(catalog, session, caller);
	}

	/**
	 * Measures partitions on the node (flush, then its table metrics) when a JMX address
	 * is given, e.g. {@code SharedCassandra.backend().jmxAddress()}.
	 * @param jmx the node's JMX address, or empty to skip the measurement
	 * @return this harness
	 */
	public ModelCheckHarness measuredOn(Optional<InetSocketAddress> jmx) {
		this.jmx = jmx.orElse(null);
		return this;
	}

	/**
	 * @param testClass a class among the service's compiled tests (default: the class
	 * calling {@link #of})
	 * @return this harness
	 */
	public ModelCheckHarness testClassesOf(Class<?> testClass) {
		this.testClass = Objects.requireNonNull(testClass, "testClass");
		return this;
	}

	/**
	 * @param title the report's title (default: the module's directory name)
	 * @return this harness
	 */
	public ModelCheckHarness title(String title) {
		this.title = title;
		return this;
	}

	/**
	 * @param directory where the committed report lives (default {@code docs})
	 * @return this harness
	 */
	public ModelCheckHarness reportDirectory(Path directory) {
		this.reportDirectory = Objects.requireNonNull(directory, "directory");
		return this;
	}

	/**
	 * Runs the check without judging it.
	 * @return the report
	 */
	public ModelReport run() {
		Path testClasses = location(this.testClass);
		QueryEvidence evidence = QueryEvidence.scan(this.testClass.getClassLoader(),
				this.catalog.getClass().getPackageName(), testClasses, applicationClasses(testClasses));
		String reportTitle = (this.title != null) ? this.title : Path.of("").toAbsolutePath().getFileName().toString();
		// Inside this repository's build, the advice may also name the classes here that
		// implement each pattern.
		ModelCheck.Builder check = ModelCheck.builder(this.catalog, this.session)
			.title(reportTitle)
			.evidence(evidence)
			.audience(Audience.THIS_REPOSITORY);
		if (this.jmx == null) {
			return check.build().run();
		}
		try (JmxTableMetrics metrics = JmxTableMetrics.connect(this.jmx)) {
			return check.metrics(metrics).build().run();
		}
	}

	/**
	 * Runs the check, keeps the committed report (and, when partitions were measured, the
	 * full one) up to date, and fails on a stale committed report or a {@code fail}
	 * finding.
	 * @return the report, when it passes
	 * @throws AssertionError listing every failure and every stale file
	 */
	public ModelReport verify() {
		ModelReport report = run();
		List<String> problems = new ArrayList<>();
		if (this.jmx != null) {
			writeFullReport(report);
		}
		String markdown = ReportRenderer.markdown(report, ReportRenderer.Part.COMMITTED);
		String html = ReportRenderer.html(report, ReportRenderer.Part.COMMITTED);
		Path markdownFile = this.reportDirectory.resolve("model-report.md");
		Path htmlFile = this.reportDirectory.resolve("model-report.html");
		if (Boolean.getBoolean(UPDATE_PROPERTY)) {
			write(markdownFile, markdown);
			write(htmlFile, html);
		}
		for (Path file : List.of(markdownFile, htmlFile)) {
			String expected = file.equals(markdownFile) ? markdown : html;
			if (!matches(file, expected)) {
				problems.add(file + " is " + (Files.exists(file) ? "out of date" : "missing") + " (regenerate with -D"
						+ UPDATE_PROPERTY + "=true)");
			}
		}
		for (Finding failure : report.failures()) {
			problems.add(describe(failure));
		}
		logger.info("Model check of {}: {}", report.title(), report.summary());
		if (!problems.isEmpty()) {
			throw new AssertionError("Model check of " + report.title() + " (" + report.summary() + "):\n  "
					+ String.join("\n  ", problems));
		}
		return report;
	}

	/**
	 * Runs the check with the node's partitions measured (see {@link #measuredOn}),
	 * writes the full report, measured figures included, to {@code target/model-check/},
	 * and fails on a measured {@code fail}. The committed report is left to
	 * {@link #verify()}: a service measures after loading a volume of data, and verifies
	 * its checklist elsewhere.
	 * @return the report, for the caller's own assertions on what was measured
	 * @throws IllegalStateException when no JMX address was given
	 * @throws AssertionError listing every measured failure
	 */
	public ModelReport measure() {
		if (this.jmx == null) {
			throw new IllegalStateException("Nothing to measure with: give the node's JMX address to measuredOn(...)");
		}
		ModelReport report = run();
		writeFullReport(report);
		List<String> failures = report.measuredFindings()
			.stream()
			.filter((finding) -> finding.verdict() == Verdict.FAIL)
			.map(ModelCheckHarness::describe)
			.toList();
		logger.info("Measured model of {}: {} tables measured, {} measured findings", report.title(),
				report.measured().size(), report.measuredFindings().size());
		if (!failures.isEmpty()) {
			throw new AssertionError("Measured model of " + report.title() + ":\n  " + String.join("\n  ", failures));
		}
		return report;
	}

	private static String describe(Finding failure) {
		return "fail · " + failure.subject() + " · " + failure.check().id() + "/" + failure.rule() + ": "
				+ failure.problem() + " Fix: " + failure.fix();
	}

	private void writeFullReport(ModelReport report) {
		Path target = location(this.testClass).getParent().resolve("model-check");
		write(target.resolve("model-report.md"), ReportRenderer.markdown(report, ReportRenderer.Part.FULL));
		write(target.resolve("model-report.html"), ReportRenderer.html(report, ReportRenderer.Part.FULL));
		logger.info("Full model report (measured figures included): {}", target.resolve("model-report.md"));
	}

	private static boolean matches(Path file, String expected) {
		try {
			return Files.exists(file) && Files.readString(file).equals(expected);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read " + file, ex);
		}
	}

	private static void write(Path file, String content) {
		try {
			Files.createDirectories(file.toAbsolutePath().getParent());
			Files.writeString(file, content);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not write " + file, ex);
		}
	}

	/**
	 * Where the code serving the queries was compiled to: where the catalogue was loaded
	 * from, unless that is among the tests and Maven's {@code classes} next to them holds
	 * the catalogue's package. A service keeps its catalogue among its tests, since only
	 * tests read it, and its code in {@code target/classes}; the model check's own
	 * fixtures keep both among the tests.
	 */
	private Path applicationClasses(Path testClasses) {
		Path catalogue = location(this.catalog.getClass());
		Path main = testClasses.resolveSibling("classes");
		Path mainPackage = main.resolve(this.catalog.getClass().getPackageName().replace('.', File.separatorChar));
		return (catalogue.equals(testClasses) && Files.isDirectory(mainPackage)) ? main : catalogue;
	}

	/** The directory a class was loaded from, e.g. {@code target/test-classes}. */
	private static Path location(Class<?> type) {
		CodeSource source = type.getProtectionDomain().getCodeSource();
		if (source == null) {
			throw new IllegalStateException("Cannot tell where " + type.getName() + " was loaded from");
		}
		try {
			return Path.of(source.getLocation().toURI());
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException("Cannot tell where " + type.getName() + " was loaded from", ex);
		}
	}

}
