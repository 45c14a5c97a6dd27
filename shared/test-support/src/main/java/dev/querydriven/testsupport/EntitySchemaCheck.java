package dev.querydriven.testsupport;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.schema.ClusteringOrder;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;

import org.springframework.data.cassandra.core.convert.CassandraConverter;
import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.mapping.CassandraPersistentEntity;
import org.springframework.data.cassandra.core.mapping.CassandraPersistentProperty;

/**
 * Holds every Spring Data entity of a service against the live schema its versioned CQL
 * files created: the same columns (no more, no fewer), of the same types, the same
 * partition key in the same order, the same clustering columns in the same order and
 * direction; every {@code @UserDefinedType} against its type. The CQL files stay the
 * schema (Spring Data never creates a table here); this check keeps the entities honest
 * about it.
 *
 * <p>
 * Types are compared without {@code frozen}: the mapping cannot express it (the entity's
 * {@code @Frozen} only matters to schema generation, which this project does not use),
 * and a frozen collection reads and writes the same Java values.
 */
public final class EntitySchemaCheck {

	private EntitySchemaCheck() {
	}

	/**
	 * Checks every entity the converter's mapping context knows.
	 * @param converter the service's converter
	 * @param keyspace the live keyspace's metadata
	 * @return the mismatches, empty when every entity agrees with the schema
	 */
	public static List<String> mismatches(CassandraConverter converter, KeyspaceMetadata keyspace) {
		List<String> problems = new ArrayList<>();
		List<? extends CassandraPersistentEntity<?>> entities = converter.getMappingContext()
			.getPersistentEntities()
			.stream()
			.sorted(Comparator.comparing((entity) -> entity.getType().getName()))
			.toList();
		for (CassandraPersistentEntity<?> entity : entities) {
			if (entity.isUserDefinedType()) {
				checkType(converter, entity, keyspace, problems);
			}
			else {
				checkTable(converter, entity, keyspace, problems);
			}
		}
		return problems;
	}

	/**
	 * The tables of the keyspace no entity maps.
	 * @param converter the service's converter
	 * @param keyspace the live keyspace's metadata
	 * @return the table names
	 */
	public static List<String> unmappedTables(CassandraConverter converter, KeyspaceMetadata keyspace) {
		List<CqlIdentifier> mapped = converter.getMappingContext()
			.getPersistentEntities()
			.stream()
			.filter((entity) -> !entity.isUserDefinedType())
			.map(CassandraPersistentEntity::getTableName)
			.toList();
		return keyspace.getTables()
			.keySet()
			.stream()
			.filter((table) -> !mapped.contains(table))
			.map(CqlIdentifier::asInternal)
			.sorted()
			.toList();
	}

	private static void checkTable(CassandraConverter converter, CassandraPersistentEntity<?> entity,
			KeyspaceMetadata keyspace, List<String> problems) {
		String name = entity.getType().getSimpleName() + " (" + entity.getTableName().asInternal() + ")";
		Optional<TableMetadata> found = keyspace.getTable(entity.getTableName());
		if (found.isEmpty()) {
			problems.add(name + ": no such table in " + keyspace.getName().asInternal());
			return;
		}
		TableMetadata table = found.get();
		Map<CqlIdentifier, CassandraPersistentProperty> properties = properties(entity);
		List<CassandraPersistentProperty> partitionKey = new ArrayList<>();
		List<CassandraPersistentProperty> clustering = new ArrayList<>();
		for (CassandraPersistentProperty property : properties.values()) {
			if (property.isCompositePrimaryKey()) {
				problems.add(name + ": " + property.getName() + " is a @PrimaryKeyClass, which this check does not "
						+ "read; declare the key columns in the entity");
				continue;
			}
			if (property.isPartitionKeyColumn()) {
				partitionKey.add(property);
			}
			else if (property.isClusterKeyColumn()) {
				clustering.add(property);
			}
			Optional<ColumnMetadata> column = table.getColumn(property.getRequiredColumnName());
			if (column.isEmpty()) {
				problems.add(name + ": property " + property.getName() + " maps column "
						+ property.getRequiredColumnName().asInternal() + ", which the table does not have");
				continue;
			}
			String expected = describe(column.get().getType());
			String actual = describe(converter.getColumnTypeResolver().resolve(property).getDataType());
			if (!expected.equals(actual)) {
				problems.add(name + ": column " + column.get().getName().asInternal() + " is " + expected
						+ ", property " + property.getName() + " maps " + actual);
			}
		}
		for (ColumnMetadata column : table.getColumns().values()) {
			if (!properties.containsKey(column.getName())) {
				problems.add(name + ": column " + column.getName().asInternal() + " has no property");
			}
		}
		List<String> expectedPartitionKey = table.getPartitionKey()
			.stream()
			.map((column) -> column.getName().asInternal())
			.toList();
		List<String> actualPartitionKey = byOrdinal(partitionKey).stream()
			.map((property) -> property.getRequiredColumnName().asInternal())
			.toList();
		if (!expectedPartitionKey.equals(actualPartitionKey)) {
			problems.add(name + ": partition key is " + expectedPartitionKey + ", the entity declares "
					+ actualPartitionKey);
		}
		List<String> expectedClustering = table.getClusteringColumns()
			.entrySet()
			.stream()
			.map((entry) -> entry.getKey().getName().asInternal() + " "
					+ ((entry.getValue() == ClusteringOrder.DESC) ? "DESC" : "ASC"))
			.toList();
		List<String> actualClustering = byOrdinal(clustering).stream()
			.map((property) -> property.getRequiredColumnName().asInternal() + " "
					+ ((property.getPrimaryKeyOrdering() == Ordering.DESCENDING) ? "DESC" : "ASC"))
			.toList();
		if (!expectedClustering.equals(actualClustering)) {
			problems.add(name + ": clustering is " + expectedClustering + ", the entity declares " + actualClustering);
		}
	}

	private static void checkType(CassandraConverter converter, CassandraPersistentEntity<?> entity,
			KeyspaceMetadata keyspace, List<String> problems) {
		String name = entity.getType().getSimpleName() + " (type " + entity.getTableName().asInternal() + ")";
		Optional<UserDefinedType> found = keyspace.getUserDefinedType(entity.getTableName());
		if (found.isEmpty()) {
			problems.add(name + ": no such type in " + keyspace.getName().asInternal());
			return;
		}
		UserDefinedType type = found.get();
		Map<CqlIdentifier, CassandraPersistentProperty> properties = properties(entity);
		for (int index = 0; index < type.getFieldNames().size(); index++) {
			CqlIdentifier field = type.getFieldNames().get(index);
			CassandraPersistentProperty property = properties.get(field);
			if (property == null) {
				problems.add(name + ": field " + field.asInternal() + " has no property");
				continue;
			}
			String expected = describe(type.getFieldTypes().get(index));
			String actual = describe(converter.getColumnTypeResolver().resolve(property).getDataType());
			if (!expected.equals(actual)) {
				problems.add(name + ": field " + field.asInternal() + " is " + expected + ", property "
						+ property.getName() + " maps " + actual);
			}
		}
		for (CqlIdentifier column : properties.keySet()) {
			if (!type.getFieldNames().contains(column)) {
				problems.add(name + ": property maps field " + column.asInternal() + ", which the type does not have");
			}
		}
	}

	private static Map<CqlIdentifier, CassandraPersistentProperty> properties(CassandraPersistentEntity<?> entity) {
		Map<CqlIdentifier, CassandraPersistentProperty> properties = new LinkedHashMap<>();
		entity.doWithProperties((CassandraPersistentProperty property) -> {
			if (!property.isTransient()) {
				properties.put(property.getRequiredColumnName(), property);
			}
		});
		return properties;
	}

	private static List<CassandraPersistentProperty> byOrdinal(List<CassandraPersistentProperty> key) {
		return key.stream()
			.sorted(Comparator.comparing((CassandraPersistentProperty property) -> (property.getOrdinal() != null)
					? property.getOrdinal() : Integer.MAX_VALUE))
			.toList();
	}

	/** A type as CQL, without {@code frozen}. */
	private static String describe(DataType type) {
		if (type instanceof ListType list) {
			return "list<" + describe(list.getElementType()) + ">";
		}
		if (type instanceof SetType set) {
			return "set<" + describe(set.getElementType()) + ">";
		}
		if (type instanceof MapType map) {
			return "map<" + describe(map.getKeyType()) + ", " + describe(map.getValueType()) + ">";
		}
		if (type instanceof TupleType tuple) {
			return tuple.getComponentTypes()
				.stream()
				.map(EntitySchemaCheck::describe)
				.collect(Collectors.joining(", ", "tuple<", ">"));
		}
		if (type instanceof UserDefinedType udt) {
			return udt.getName().asInternal();
		}
		return type.asCql(false, true);
	}

}
