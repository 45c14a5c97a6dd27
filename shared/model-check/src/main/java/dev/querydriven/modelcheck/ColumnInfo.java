package dev.querydriven.modelcheck;

/**
 * A column of a table as the report's Chebotko diagram shows it.
 *
 * @param name the column
 * @param type its CQL type
 * @param role its part in the primary key
 */
public record ColumnInfo(String name, String type, Role role) {

	/** A column's part in the primary key, with the Chebotko-diagram marker. */
	public enum Role {

		/** Partition key: decides the node. */
		PARTITION_KEY("K"),
		/** Clustering column, ascending. */
		CLUSTERING_ASC("C↑"),
		/** Clustering column, descending. */
		CLUSTERING_DESC("C↓"),
		/** Static: one value per partition. */
		STATIC("S"),
		/** A regular column. */
		REGULAR("");

		private final String marker;

		Role(String marker) {
			this.marker = marker;
		}

		/**
		 * The diagram marker.
		 * @return {@code K}, {@code C↑}, {@code C↓}, {@code S} or empty
		 */
		public String marker() {
			return this.marker;
		}

	}

}
