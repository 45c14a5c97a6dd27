package dev.querydriven.blogplatform.migration;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.Statement;
import dev.querydriven.blogplatform.category.CategoryPost;
import dev.querydriven.tablemigration.TableMigration;

import org.springframework.stereotype.Component;

/**
 * The migration showcase: moves "a category's posts, newest first" from the legacy
 * {@code posts_by_category_v1} (partitioned by the category alone) to
 * {@code posts_by_category} (partitioned by category and month), while the service keeps
 * serving. The shared {@link dev.querydriven.tablemigration.MigrationEngine} runs the
 * phases and the jobs; this class tells it how to scan, read, find and copy rows of the
 * two shapes.
 *
 * <p>
 * The scans by token range are the only full-table reads of the service, run by the
 * admin-started backfill and verify jobs. A copied row carries the old row's own write
 * timestamp ({@code WRITETIME(title)}: every column of a copy is written together), so a
 * post edited, moved or deleted by a dual write after the backfill read it keeps its
 * newer state.
 *
 * <p>
 * This class works on the driver's level, not Spring Data's: the engine's contract hands
 * it driver rows of token-range scans and takes driver statements back, which Spring
 * Data's entity API has no words for. It is the service's one listed exception to
 * "entities only" besides the engine's construction; its statements run on the engine's
 * session, outside any request.
 */
@Component
class PostsByCategoryMigration implements TableMigration<CategoryPost> {

	/** The migration's name, as the {@code migrations} actuator endpoint shows it. */
	static final String NAME = "posts-by-category";

	/** The columns of both category tables but the month, which follows from the time. */
	private static final String COLUMNS = "category, created_at, post_id, author_id, title";

	private final String name;

	private final PreparedStatement scanOld;

	private final PreparedStatement scanNew;

	private final PreparedStatement findOld;

	private final PreparedStatement findNew;

	private final PreparedStatement insertNew;

	private final PreparedStatement insertMonth;

	PostsByCategoryMigration(CqlSession session, MigrationProperties properties) {
		this.name = properties.categoryMigration().name();
		this.scanOld = session.prepare("SELECT " + COLUMNS + ", WRITETIME(title) AS written FROM posts_by_category_v1 "
				+ "WHERE token(category) > ? AND token(category) <= ?");
		this.scanNew = session.prepare("SELECT " + COLUMNS + " FROM posts_by_category "
				+ "WHERE token(category, month) > ? AND token(category, month) <= ?");
		this.findOld = session.prepare("SELECT " + COLUMNS
				+ " FROM posts_by_category_v1 WHERE category = ? AND created_at = ? AND post_id = ?");
		this.findNew = session.prepare("SELECT " + COLUMNS + " FROM posts_by_category "
				+ "WHERE category = ? AND month = ? AND created_at = ? AND post_id = ?");
		this.insertNew = session.prepare("INSERT INTO posts_by_category (category, month, created_at, post_id, "
				+ "author_id, title) VALUES (?, ?, ?, ?, ?, ?)");
		this.insertMonth = session.prepare("INSERT INTO category_months (category, month) VALUES (?, ?)");
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public String oldTable() {
		return "posts_by_category_v1";
	}

	@Override
	public String newTable() {
		return "posts_by_category";
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
		return this.findNew.bind(post.category(), post.month(), post.createdAt(), post.postId());
	}

	/**
	 * The copy of a legacy row: the row in its month partition and the month in the
	 * category's bucket index, in one small logged batch (so that a copied post is never
	 * in a month the index does not list, which reads would skip). The engine gives the
	 * batch the old row's write timestamp.
	 */
	@Override
	public Statement<?> insertNew(CategoryPost post) {
		String month = post.month();
		return BatchStatement
			.newInstance(
					DefaultBatchType.LOGGED, this.insertNew.bind(post.category(), month, post.createdAt(),
							post.postId(), post.authorId(), post.title()),
					this.insertMonth.bind(post.category(), month));
	}

	@Override
	public String describe(CategoryPost post) {
		return "post " + post.postId() + " in '" + post.category() + "' at " + post.createdAt() + " titled '"
				+ post.title() + "'";
	}

	private static CategoryPost read(Row row) {
		return new CategoryPost(row.getString("category"), row.getInstant("created_at"), row.getUuid("post_id"),
				row.getUuid("author_id"), row.getString("title"));
	}

}
