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
import java.util.TreeSet;

import dev.querydriven.modelcheck.catalog.CatalogExemption;
import dev.querydriven.modelcheck.catalog.SizingFacts;

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
 * <p>
 * When the schema defines tables in several keyspaces, a key names the keyspace too:
 * {@code shop.orders_by_id.rows = 1} ({@code orders_by_id.rows} still does when only one
 * keyspace has such a table). {@link #resolve} maps the file's names to the report's once
 * the schema is loaded.
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
		for (String key : new TreeSet<>(properties.stringPropertyNames())) {
			String value = properties.getProperty(key).strip();
			List<String> parts = names(key);
			int exempt = parts.indexOf("exempt");
			if (exempt > 0 && exempt == parts.size() - 2) {
				exemptions.add(new CatalogExemption(String.join(".", parts.subList(0, exempt)),
						parts.get(exempt + 1).toLowerCase(Locale.ROOT), value));
				continue;
			}
			if (parts.size() < 2 || parts.size() > 3) {
				throw new IllegalArgumentException("'" + key + "' is not [<keyspace>.]<table>.<fact>");
			}
			String table = String.join(".", parts.subList(0, parts.size() - 1));
			String fact = parts.get(parts.size() - 1).toLowerCase(Locale.ROOT);
			if (!FACTS.contains(fact)) {
				throw new IllegalArgumentException("Unknown fact '" + fact + "' for table " + table + " (known: "
						+ String.join(", ", new TreeSet<>(FACTS)) + ", exempt.<check>)");
			}
			byTable.computeIfAbsent(table, (name) -> new TreeMap<>()).put(fact, value);
		}
		Map<String, SizingFacts> facts = new TreeMap<>();
		byTable.forEach((table, values) -> facts.put(table, facts(table, values)));
		return new FactsFile(facts, List.copyOf(exemptions));
	}

	/**
	 * The dot-separated parts of a key, names as Cassandra stores them: unquoted ones
	 * lower-cased, double-quoted ones ({@code "ProductsById".rows}) kept as written.
	 */
	private static List<String> names(String key) {
		List<String> parts = new ArrayList<>();
		StringBuilder part = new StringBuilder();
		boolean quoted = false;
		boolean wasQuoted = false;
		for (int i = 0; i < key.length(); i++) {
			char c = key.charAt(i);
			if (c == '"') {
				if (quoted && i + 1 < key.length() && key.charAt(i + 1) == '"') {
					part.append('"');
					i++;
				}
				else {
					quoted = !quoted;
					wasQuoted = true;
				}
			}
			else if (c == '.' && !quoted) {
				parts.add(wasQuoted ? part.toString() : part.toString().toLowerCase(Locale.ROOT));
				part.setLength(0);
				wasQuoted = false;
			}
			else {
				part.append(c);
			}
		}
		parts.add(wasQuoted ? part.toString() : part.toString().toLowerCase(Locale.ROOT));
		if (parts.stream().anyMatch(String::isEmpty)) {
			throw new IllegalArgumentException("'" + key + "' is not [<keyspace>.]<table>.<fact>");
		}
		return parts;
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

	/**
	 * The facts with the report's table names: {@code table} when the schema defines
	 * tables in one keyspace, {@code keyspace.table} when in several.
	 * @param tables the schema's tables, by keyspace (the keyspaces judged)
	 * @return the facts, renamed
	 * @throws IllegalArgumentException when a name matches no table, or several
	 */
	FactsFile resolve(Map<String, Set<String>> tables) {
		Map<String, String> names = new TreeMap<>();
		for (String name : new TreeSet<>(this.facts.keySet())) {
			names.put(name, resolve(name, tables));
		}
		for (CatalogExemption exemption : this.exemptions) {
			names.put(exemption.table(), resolve(exemption.table(), tables));
		}
		Map<String, SizingFacts> facts = new TreeMap<>();
		this.facts.forEach((name, declared) -> facts.put(names.get(name), declared));
		List<CatalogExemption> exemptions = this.exemptions.stream()
			.map((exemption) -> new CatalogExemption(names.get(exemption.table()), exemption.check(),
					exemption.reason()))
			.toList();
		return new FactsFile(facts, exemptions);
	}

	private static String resolve(String name, Map<String, Set<String>> tables) {
		boolean several = tables.size() > 1;
		int dot = name.indexOf('.');
		if (dot > 0) {
			String keyspace = name.substring(0, dot);
			String table = name.substring(dot + 1);
			if (!tables.getOrDefault(keyspace, Set.of()).contains(table)) {
				throw new IllegalArgumentException(
						"The facts name table " + name + ", which the schema does not define");
			}
			return several ? name : table;
		}
		List<String> keyspaces = tables.entrySet()
			.stream()
			.filter((entry) -> entry.getValue().contains(name))
			.map(Map.Entry::getKey)
			.toList();
		if (keyspaces.isEmpty()) {
			throw new IllegalArgumentException("The facts name table " + name + ", which the schema does not define");
		}
		if (keyspaces.size() > 1) {
			throw new IllegalArgumentException("The facts name table " + name + ", which keyspaces "
					+ String.join(" and ", keyspaces) + " both define: write <keyspace>." + name + ".<fact>");
		}
		return several ? keyspaces.get(0) + "." + name : name;
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
