package dev.querydriven.modelcheck;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import dev.querydriven.modelcheck.catalog.CatalogExemption;
import dev.querydriven.modelcheck.catalog.QueryCatalog;
import dev.querydriven.modelcheck.catalog.SizingFacts;

/**
 * The reference guide's "Step 4: Optimize &amp; Validate", automated: judges a query
 * catalogue against the live schema of a real node.
 *
 * <pre class="code">
 * ModelReport report = ModelCheck.builder(new SocialFeedQueryCatalog(), session)
 *     .evidence(QueryEvidence.scan(loader, "dev.querydriven.socialfeed", testClasses, mainClasses))
 *     .build()
 *     .run();
 * </pre>
 *
 * The checks: {@link Check#CATALOGUE catalogue integrity}, {@link Check#ONE_PARTITION one
 * partition per query}, {@link Check#PARTITION_SIZE partition size},
 * {@link Check#DISTRIBUTION distribution}, {@link Check#ANTI_PATTERN anti-patterns},
 * {@link Check#PARTITION_BUDGET partitions per request}, and, when a
 * {@link TableMetricsSource} is given, {@link Check#MEASURED measured partitions}.
 * Findings covered by the catalogue's {@link CatalogExemption exemptions} are reported
 * apart and never fail.
 */
public final class ModelCheck {

	/** The default size of the simulated ring. */
	public static final int DEFAULT_RING_NODES = 6;

	private final QueryCatalog catalog;

	private final CqlSession session;

	private final String title;

	private final QueryEvidence evidence;

	private final int ringNodes;

	private final TableMetricsSource metrics;

	private final Audience audience;

	private final Verdict unservedTables;

	private final List<String> notes;

	private ModelCheck(Builder builder) {
		this.catalog = builder.catalog;
		this.session = builder.session;
		this.title = (builder.title != null) ? builder.title : builder.catalog.keyspace();
		this.evidence = builder.evidence;
		this.ringNodes = builder.ringNodes;
		this.metrics = builder.metrics;
		this.audience = builder.audience;
		this.unservedTables = builder.unservedTables;
		this.notes = List.copyOf(builder.notes);
	}

	/**
	 * Describes a check.
	 * @param catalog the queries to judge
	 * @param session a session on the node holding the catalogue's keyspace
	 * @return a builder
	 */
	public static Builder builder(QueryCatalog catalog, CqlSession session) {
		return new Builder(catalog, session);
	}

	/**
	 * Runs every check.
	 * @return the report
	 */
	public ModelReport run() {
		List<String> notes = new ArrayList<>(this.notes);
		List<String> measuredNotes = new ArrayList<>();
		List<String> names = (this.catalog instanceof MultiKeyspaceCatalog scripted) ? scripted.keyspaces()
				: List.of(this.catalog.keyspace());
		Metadata metadata = this.session.refreshSchema();
		List<KeyspaceMetadata> keyspaces = new ArrayList<>();
		List<Finding> missing = new ArrayList<>();
		for (String name : names) {
			Optional<KeyspaceMetadata> keyspace = metadata.getKeyspace(CqlIdentifier.fromInternal(name));
			keyspace.ifPresent(keyspaces::add);
			if (keyspace.isEmpty()) {
				missing.add(new Finding(Verdict.FAIL, Check.CATALOGUE, "missing-keyspace", name, null,
						"Keyspace `" + name + "` does not exist on the node.", Guidance.CATALOGUE,
						"Create the keyspace and apply the schema before running the check."));
			}
		}
		if (!missing.isEmpty()) {
			return new ModelReport(this.title, names, this.ringNodes, this.evidence.testsChecked(), List.of(),
					List.of(), List.of(), missing, List.of(), List.of(), List.of(), notes, measuredNotes);
		}
		CheckContext context = new CheckContext(this.catalog, this.session, keyspaces, this.evidence, this.ringNodes,
				this.audience, this.unservedTables);
		CatalogueCheck.run(context);
		OnePartitionCheck.run(context);
		Map<String, PartitionEstimate> estimates = new HashMap<>();
		List<TableAnalysis> tables = new ArrayList<>();
		for (TableShape shape : context.tables.values()) {
			tables.add(analyse(context, shape, estimates));
		}
		AntiPatternCheck.run(context);
		RouteBudgetCheck.run(context);
		List<MeasuredTable> measured = new ArrayList<>();
		List<Finding> measuredFindings = new ArrayList<>();
		if (this.metrics != null) {
			MeasuredCheck.run(context, this.metrics, estimates, measured, measuredFindings, measuredNotes);
		}
		else {
			measuredNotes.add("Partitions were not measured: no node metrics (JMX) were given.");
		}
		if (!this.evidence.testsChecked() && this.audience == Audience.THIS_REPOSITORY) {
			notes.add("Tests were not looked for: no compiled tests were given.");
		}
		List<ExemptedFinding> exempted = new ArrayList<>();
		List<Finding> findings = exempt(documented(context.findings), exempted);
		List<Finding> measuredKept = exempt(documented(measuredFindings), exempted);
		findings.addAll(documented(staleExemptions(exempted)));
		return new ModelReport(this.title, context.keyspaces, this.ringNodes, this.evidence.testsChecked(),
				List.copyOf(context.queries.values()), tables, List.copyOf(context.views.keySet()), sorted(findings),
				exempted, measured, sorted(measuredKept), notes, measuredNotes, this.catalog.routeBudgets());
	}

	private TableAnalysis analyse(CheckContext context, TableShape shape, Map<String, PartitionEstimate> estimates) {
		String table = shape.name();
		String infrastructure = this.catalog.infrastructureTables().get(table);
		Optional<SizingFacts> facts = context.facts(table);
		if (infrastructure != null) {
			return new TableAnalysis(table, shape.columns(), shape.comment(), context.readsOf(table),
					context.conditionReadsOf(table), infrastructure, null, "", null, null);
		}
		PartitionSizeCheck.Sizing sizing = PartitionSizeCheck.run(context, shape, facts);
		if (sizing.estimate() != null) {
			estimates.put(table, sizing.estimate());
		}
		RingDistribution distribution = facts.map((declared) -> DistributionCheck.run(context, shape, declared))
			.orElse(null);
		return new TableAnalysis(table, shape.columns(), shape.comment(), context.readsOf(table),
				context.conditionReadsOf(table), null, facts.orElse(null), sizing.growth(), sizing.estimate(),
				distribution);
	}

	private List<Finding> exempt(List<Finding> findings, List<ExemptedFinding> exempted) {
		List<Finding> kept = new ArrayList<>();
		for (Finding finding : findings) {
			Optional<CatalogExemption> exemption = this.catalog.exemptions()
				.stream()
				.filter((candidate) -> Objects.equals(candidate.table(), finding.table())
						&& (candidate.check().equals(finding.check().id()) || candidate.check().equals(finding.rule())))
				.findFirst();
			if (exemption.isPresent()) {
				exempted.add(new ExemptedFinding(finding, exemption.get()));
			}
			else {
				kept.add(finding);
			}
		}
		return kept;
	}

	private List<Finding> staleExemptions(List<ExemptedFinding> exempted) {
		List<Finding> stale = new ArrayList<>();
		for (CatalogExemption exemption : this.catalog.exemptions()) {
			boolean used = exempted.stream().anyMatch((finding) -> finding.exemption().equals(exemption));
			if (!used) {
				stale.add(new Finding(Verdict.WARN, Check.CATALOGUE, "stale-exemption", exemption.table(),
						exemption.table(),
						"The exemption of `" + exemption.table() + "` from `" + exemption.check()
								+ "` covers no finding.",
						"An exemption documents a deliberate departure; one that covers nothing hides the next real "
								+ "finding.",
						"Remove the exemption, or correct its table or check name (a check such as `distribution`, "
								+ "or a rule such as `low-cardinality`)."));
			}
		}
		return stale;
	}

	private List<Finding> documented(List<Finding> findings) {
		return findings.stream().map((finding) -> Guidance.withDocs(finding, this.audience)).toList();
	}

	private static List<Finding> sorted(List<Finding> findings) {
		return findings.stream()
			.sorted(Comparator.comparing(Finding::verdict)
				.thenComparing(Finding::check)
				.thenComparing(Finding::subject, ModelCheck::naturalOrder)
				.thenComparing(Finding::rule))
			.toList();
	}

	/** Orders {@code Q2} before {@code Q10}. */
	static int naturalOrder(String a, String b) {
		String digitsA = a.replaceAll("\\D", "");
		String digitsB = b.replaceAll("\\D", "");
		String lettersA = a.replaceAll("\\d", "");
		String lettersB = b.replaceAll("\\d", "");
		int letters = lettersA.compareTo(lettersB);
		if (letters != 0 || digitsA.isEmpty() || digitsB.isEmpty() || digitsA.length() > 9 || digitsB.length() > 9) {
			return (letters != 0) ? letters : a.compareTo(b);
		}
		return Integer.compare(Integer.parseInt(digitsA), Integer.parseInt(digitsB));
	}

	/**
	 * Settings of a check.
	 */
	public static final class Builder {

		private final QueryCatalog catalog;

		private final CqlSession session;

		private String title;

		private QueryEvidence evidence = QueryEvidence.none();

		private int ringNodes = DEFAULT_RING_NODES;

		private TableMetricsSource metrics;

		private Audience audience = Audience.ANY_MODEL;

		private Verdict unservedTables = Verdict.FAIL;

		private final List<String> notes = new ArrayList<>();

		private Builder(QueryCatalog catalog, CqlSession session) {
			this.catalog = Objects.requireNonNull(catalog, "catalog");
			this.session = Objects.requireNonNull(session, "session");
		}

		/**
		 * @param title the report's title (default: the keyspace)
		 * @return this builder
		 */
		public Builder title(String title) {
			this.title = title;
			return this;
		}

		/**
		 * @param evidence the tests and code carrying query ids (default: none, tests not
		 * checked)
		 * @return this builder
		 */
		public Builder evidence(QueryEvidence evidence) {
			this.evidence = Objects.requireNonNull(evidence, "evidence");
			return this;
		}

		/**
		 * @param nodes the size of the simulated ring (default
		 * {@value ModelCheck#DEFAULT_RING_NODES})
		 * @return this builder
		 */
		public Builder ringNodes(int nodes) {
			if (nodes < 1) {
				throw new IllegalArgumentException("The ring needs at least one node");
			}
			this.ringNodes = nodes;
			return this;
		}

		/**
		 * @param metrics where to flush and read the node's table metrics (default: none,
		 * partitions not measured)
		 * @return this builder
		 */
		public Builder metrics(TableMetricsSource metrics) {
			this.metrics = metrics;
			return this;
		}

		/**
		 * @param audience who reads the advice (default {@link Audience#ANY_MODEL}: CQL,
		 * patterns and their documentation; this repository's build says
		 * {@link Audience#THIS_REPOSITORY})
		 * @return this builder
		 */
		public Builder audience(Audience audience) {
			this.audience = Objects.requireNonNull(audience, "audience");
			return this;
		}

		/**
		 * @param verdict what a table no catalogued query reads earns (default
		 * {@link Verdict#FAIL}: the catalogue lists every query the application runs, as
		 * a service's must; {@link Verdict#WARN} when it may list only some, as a queries
		 * file an outsider writes often does)
		 * @return this builder
		 */
		public Builder unservedTables(Verdict verdict) {
			this.unservedTables = Objects.requireNonNull(verdict, "verdict");
			return this;
		}

		/**
		 * @param notes what the caller did to the input, shown in the report's notes
		 * (e.g. a statement it skipped)
		 * @return this builder
		 */
		public Builder notes(List<String> notes) {
			this.notes.addAll(notes);
			return this;
		}

		/**
		 * The check, ready to run.
		 * @return the check
		 */
		public ModelCheck build() {
			return new ModelCheck(this);
		}

	}

}
