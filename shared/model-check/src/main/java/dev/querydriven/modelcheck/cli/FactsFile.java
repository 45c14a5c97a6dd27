package dev.querydriven.modelcheck.cli;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

import dev.querydriven.modeling.catalog.CatalogExemption;
import dev.querydriven.modeling.catalog.SizingFacts;

/**
 * The command-line checker's sizing facts: one {@code table.fact = value} per line.
 *
 * <pre>
 * # posts_by_user: one partition per user and month
 * posts_by_user.partitions = 12_000_000
 * posts_by_user.rows = 3_000
 * posts_by_user.row-bytes = 400
 * posts_by_user.writes-per-second = 0.01
 * posts_by_user.note = at most 100 posts a day per user (enforced)
 * events.rows = unbounded
 * users_by_country.hottest-key-share = 0.3
 * users_by_country.exempt.distribution = reviewed: reporting table, read once a day
 * </pre>
 *
 * {@code partitions}, {@code rows} and {@code row-bytes} are required for a table named
 * in the file; {@code writes-per-second}, {@code hottest-key-share},
 * {@code deletes-per-second} and {@code note} are optional. {@code exempt.<check>}
 * records a reviewed exemption. Numbers may use {@code _} or {@code ,} as separators.
 */
final class FactsFile {

	private static final Set<String> FACTS = Set.of("partitions", "rows", "row-bytes", "writes-per-second",
			"hottest-key-share", "deletes-per-second", "note");

	private final Map<String, SizingFacts> facts;

	private final List<CatalogExemption> exemptions;

	private FactsFile(Map<String, SizingFacts> facts, List<CatalogExemption> exemptions) {
		this.facts = facts;
		this.exemptions = exemptions;
	}

	static FactsFile empty() {
		return new FactsFile(Map.of(), List.of());
	}

	/**
	 * Reads a facts file.
	 * @param text the file's content
	 * @return the facts
	 * @throws IllegalArgumentException naming the table and fact that is wrong
	 */
	static FactsFile parse(String text) {
		Properties properties = new Properties();
		try {
			properties.load(new StringReader(text));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		Map<String, Map<String, String>> byTable = new TreeMap<>();
		List<CatalogExemption> exemptions = new ArrayList<>();
		for (String key : new java.util.TreeSet<>(properties.stringPropertyNames())) {
			String value = properties.getProperty(key).strip();
			int dot = key.indexOf('.');
			if (dot <= 0 || dot == key.length() - 1) {
				throw new IllegalArgumentException("'" + key + "' is not <table>.<fact>");
			}
			String table = key.substring(0, dot).toLowerCase(Locale.ROOT);
			String fact = key.substring(dot + 1).toLowerCase(Locale.ROOT);
			if (fact.startsWith("exempt.")) {
				exemptions.add(new CatalogExemption(table, fact.substring("exempt.".length()), value));
				continue;
			}
			if (!FACTS.contains(fact)) {
				throw new IllegalArgumentException("Unknown fact '" + fact + "' for table " + table + " (known: "
						+ String.join(", ", new java.util.TreeSet<>(FACTS)) + ", exempt.<check>)");
			}
			byTable.computeIfAbsent(table, (name) -> new TreeMap<>()).put(fact, value);
		}
		Map<String, SizingFacts> facts = new TreeMap<>();
		byTable.forEach((table, values) -> facts.put(table, facts(table, values)));
		return new FactsFile(facts, List.copyOf(exemptions));
	}

	private static SizingFacts facts(String table, Map<String, String> values) {
		for (String required : List.of("partitions", "rows", "row-bytes")) {
			if (!values.containsKey(required)) {
				throw new IllegalArgumentException("Table " + table + " needs '" + table + "." + required + "'");
			}
		}
		String rows = values.get("rows");
		long rowsPerPartition = rows.equalsIgnoreCase("unbounded") ? SizingFacts.UNBOUNDED
				: number(table, "rows", rows, 1);
		long partitions = number(table, "partitions", values.get("partitions"), 1);
		long rowBytes = number(table, "row-bytes", values.get("row-bytes"), 1);
		double writes = decimal(table, "writes-per-second", values.getOrDefault("writes-per-second", "0"));
		double hottest = decimal(table, "hottest-key-share", values.getOrDefault("hottest-key-share", "0"));
		if (hottest > 1) {
			throw new IllegalArgumentException(table + ".hottest-key-share must be between 0 and 1");
		}
		double deletes = decimal(table, "deletes-per-second", values.getOrDefault("deletes-per-second", "0"));
		return new SizingFacts(partitions, rowsPerPartition, rowBytes, writes, values.getOrDefault("note", ""), hottest,
				deletes);
	}

	private static long number(String table, String fact, String value, long minimum) {
		try {
			long number = Long.parseLong(value.replace("_", "").replace(",", ""));
			if (number < minimum) {
				throw new IllegalArgumentException(table + "." + fact + " must be at least " + minimum);
			}
			return number;
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(table + "." + fact + " must be a whole number, not '" + value + "'");
		}
	}

	private static double decimal(String table, String fact, String value) {
		try {
			double number = Double.parseDouble(value.replace("_", "").replace(",", ""));
			if (!(number >= 0) || Double.isInfinite(number)) {
				throw new IllegalArgumentException(table + "." + fact + " must be a number >= 0");
			}
			return number;
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(table + "." + fact + " must be a number, not '" + value + "'");
		}
	}

	SizingFacts of(String table) {
		return this.facts.get(table);
	}

	Set<String> tables() {
		return this.facts.keySet();
	}

	List<CatalogExemption> exemptions() {
		return this.exemptions;
	}

}
