package dev.querydriven.tablemigration;

import java.time.Instant;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketGranularity;

/**
 * The blog's migration, as a service implements it: posts of a category move from the
 * legacy {@code posts_by_category_v1} (one partition per category, growing forever) to
 * {@code posts_by_category}, bucketed by month. The new row's key needs the month,
 * derived from {@code created_at}. Besides the SPI, it holds the statements the service's
 * own write path uses (insert into and delete from either shape).
 */
class CategoryPostsMigration implements TableMigration<CategoryPost> {

	private static final String COLUMNS = "category, created_at, post_id, author_id, title";

	private final String name;

	private final String oldTable;

	private final String newTable;

	private final PreparedStatement scanOld;

	private final PreparedStatement scanNew;

	private final PreparedStatement findOld;

	private final PreparedStatement findNew;

	private final PreparedStatement insertOld;

	private final PreparedStatement insertNew;

	private final PreparedStatement deleteOld;

	private final PreparedStatement deleteNew;

	CategoryPostsMigration(CqlSession session, String name, String oldTable, String newTable) {
		this.name = name;
		this.oldTable = oldTable;
		this.newTable = newTable;
		// The only full-table reads of the project: admin scans by token range.
		this.scanOld = session.prepare("SELECT " + COLUMNS + ", WRITETIME(title) AS written FROM " + oldTable
				+ " WHERE token(category) > ? AND token(category) <= ?");
		this.scanNew = session.prepare("SELECT " + COLUMNS + " FROM " + newTable
				+ " WHERE token(category, month) > ? AND token(category, month) <= ?");
		this.findOld = session.prepare(
				"SELECT " + COLUMNS + " FROM " + oldTable + " WHERE category = ? AND created_at = ? AND post_id = ?");
		this.findNew = session.prepare("SELECT " + COLUMNS + " FROM " + newTable
				+ " WHERE category = ? AND month = ? AND created_at = ? AND post_id = ?");
		this.insertOld = session.prepare("INSERT INTO " + oldTable + " (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?)");
		this.insertNew = session
			.prepare("INSERT INTO " + newTable + " (month, " + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?)");
		this.deleteOld = session
			.prepare("DELETE FROM " + oldTable + " WHERE category = ? AND created_at = ? AND post_id = ?");
		this.deleteNew = session.prepare(
				"DELETE FROM " + newTable + " WHERE category = ? AND month = ? AND created_at = ? AND post_id = ?");
	}

	static String month(Instant createdAt) {
		return Bucket.of(BucketGranularity.MONTH, createdAt).key();
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public String oldTable() {
		return this.oldTable;
	}

	@Override
	public String newTable() {
		return this.newTable;
	}

	@Override
	public Statement<?> scanOld(long fromExclusive, long toInclusive) {
		return this.scanOld.bind(fromExclusive, toInclusive);
	}

	@Override
	public Statement<?> scanNew(long fromExclusive, long toInclusive) {
		return this.scanNew.bind(fromExclusive, toInclusive);
	}

	@Override
	public CategoryPost readOld(Row row) {
		return read(row);
	}

	@Override
	public CategoryPost readNew(Row row) {
		return read(row);
	}

	@Override
	public long writeTimeMicros(Row oldRow) {
		return oldRow.getLong("written");
	}

	@Override
	public Statement<?> findOld(CategoryPost post) {
		return this.findOld.bind(post.category(), post.createdAt(), post.postId());
	}

	@Override
	public Statement<?> findNew(CategoryPost post) {
		return this.findNew.bind(post.category(), month(post.createdAt()), post.createdAt(), post.postId());
	}

	@Override
	public Statement<?> insertNew(CategoryPost post) {
		return this.insertNew.bind(month(post.createdAt()), post.category(), post.createdAt(), post.postId(),
				post.authorId(), post.title());
	}

	@Override
	public String describe(CategoryPost post) {
		return "post " + post.postId() + " in " + post.category() + " at " + post.createdAt() + " titled '"
				+ post.title() + "'";
	}

	Statement<?> insertOld(CategoryPost post) {
		return this.insertOld.bind(post.category(), post.createdAt(), post.postId(), post.authorId(), post.title());
	}

	Statement<?> deleteOld(CategoryPost post) {
		return this.deleteOld.bind(post.category(), post.createdAt(), post.postId());
	}

	Statement<?> deleteNew(CategoryPost post) {
		return this.deleteNew.bind(post.category(), month(post.createdAt()), post.createdAt(), post.postId());
	}

	private static CategoryPost read(Row row) {
		return new CategoryPost(row.getString("category"), row.getInstant("created_at"), row.getUuid("post_id"),
				row.getUuid("author_id"), row.getString("title"));
	}

}
