package dev.querydriven.socialfeed.paging;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketCursor;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.InvalidRequestException;

import org.springframework.stereotype.Component;

/**
 * Turns the position where a page of posts ended into a signed cursor and back: a bucket
 * and a {@link PostPosition} for a read over one bucketed table, or a bare position for
 * the timeline, which merges several tables.
 */
@Component
public final class PostCursors {

	private final CursorCodec codec;

	PostCursors(CursorCodec codec) {
		this.codec = codec;
	}

	/**
	 * Encodes where a bucketed read resumes.
	 * @param scope the list and its selecting parameters, e.g. {@code "user-posts:" + id}
	 * @param cursor the bucket and the last position read, or {@code null}
	 * @return the cursor, or {@code null} when there is no next page
	 */
	public String encode(String scope, BucketCursor<PostPosition> cursor) {
		if (cursor == null) {
			return null;
		}
		return this.codec.encode(scope, List.of(cursor.bucket().key(),
				Long.toString(cursor.after().time().toEpochMilli()), cursor.after().id().toString()));
	}

	/**
	 * Decodes a cursor issued by {@link #encode(String, BucketCursor)}.
	 * @param scope the list being read
	 * @param granularity the table's bucket size
	 * @param cursor the client's cursor, or {@code null} for the first page
	 * @return the position, or {@code null} for the first page
	 * @throws InvalidRequestException when the cursor was not issued for this list
	 */
	public BucketCursor<PostPosition> decode(String scope, BucketGranularity granularity, String cursor) {
		if (cursor == null) {
			return null;
		}
		List<String> values = this.codec.decodeValues(scope, cursor);
		if (values.size() != 3) {
			throw invalid();
		}
		try {
			return new BucketCursor<>(Bucket.parse(granularity, values.get(0)), position(values.get(1), values.get(2)));
		}
		catch (IllegalArgumentException ex) {
			throw invalid();
		}
	}

	/**
	 * Encodes where a merged list resumes.
	 * @param scope the list and its selecting parameters
	 * @param position the last position returned, or {@code null}
	 * @return the cursor, or {@code null} when there is no next page
	 */
	public String encodePosition(String scope, PostPosition position) {
		if (position == null) {
			return null;
		}
		return this.codec.encode(scope,
				List.of(Long.toString(position.time().toEpochMilli()), position.id().toString()));
	}

	/**
	 * Decodes a cursor issued by {@link #encodePosition(String, PostPosition)}.
	 * @param scope the list being read
	 * @param cursor the client's cursor, or {@code null} for the first page
	 * @return the position, or {@code null} for the first page
	 * @throws InvalidRequestException when the cursor was not issued for this list
	 */
	public PostPosition decodePosition(String scope, String cursor) {
		if (cursor == null) {
			return null;
		}
		List<String> values = this.codec.decodeValues(scope, cursor);
		if (values.size() != 2) {
			throw invalid();
		}
		try {
			return position(values.get(0), values.get(1));
		}
		catch (IllegalArgumentException ex) {
			throw invalid();
		}
	}

	private static PostPosition position(String millis, String id) {
		return new PostPosition(Instant.ofEpochMilli(Long.parseLong(millis)), UUID.fromString(id));
	}

	private static InvalidRequestException invalid() {
		return new InvalidRequestException("cursor", "is not a cursor issued for this list");
	}

}
