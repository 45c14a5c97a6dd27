package dev.querydriven.socialfeed.paging;

import java.util.ArrayList;
import java.util.List;

import dev.querydriven.modeling.bucket.Bucket;
import dev.querydriven.modeling.bucket.BucketCursor;
import dev.querydriven.modeling.bucket.BucketGranularity;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.InvalidRequestException;

import org.springframework.stereotype.Component;

/**
 * Turns the position where a page of posts ended into a signed cursor and back: a bucket
 * and a {@link TimelinePosition} for a read over one bucketed table, or a bare position
 * for the timeline, which merges several tables.
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
	 * @param cursor the bucket and the last position read (none when the page stopped at
	 * its partition cap: the next page starts at the beginning of the bucket), or
	 * {@code null}
	 * @return the cursor, or {@code null} when there is no next page
	 */
	public String encode(String scope, BucketCursor<TimelinePosition> cursor) {
		if (cursor == null) {
			return null;
		}
		List<String> values = new ArrayList<>();
		values.add(cursor.bucket().key());
		if (!cursor.atStart()) {
			values.addAll(cursor.after().values());
		}
		return this.codec.encode(scope, values);
	}

	/**
	 * Decodes a cursor issued by {@link #encode(String, BucketCursor)}.
	 * @param scope the list being read
	 * @param granularity the table's bucket size
	 * @param cursor the client's cursor, or {@code null} for the first page
	 * @return the position, or {@code null} for the first page
	 * @throws InvalidRequestException when the cursor was not issued for this list
	 */
	public BucketCursor<TimelinePosition> decode(String scope, BucketGranularity granularity, String cursor) {
		if (cursor == null) {
			return null;
		}
		List<String> values = this.codec.decodeValues(scope, cursor);
		if (values.size() != 1 && values.size() != 3) {
			throw invalid();
		}
		try {
			Bucket bucket = Bucket.parse(granularity, values.get(0));
			// A bucket alone: the previous page stopped at its partition cap, and this
			// one starts at the beginning of that bucket.
			return (values.size() == 1) ? BucketCursor.startOf(bucket)
					: new BucketCursor<>(bucket, TimelinePosition.fromValues(values.subList(1, 3)));
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
	public String encodePosition(String scope, TimelinePosition position) {
		if (position == null) {
			return null;
		}
		return this.codec.encode(scope, position.values());
	}

	/**
	 * Decodes a cursor issued by {@link #encodePosition(String, TimelinePosition)}.
	 * @param scope the list being read
	 * @param cursor the client's cursor, or {@code null} for the first page
	 * @return the position, or {@code null} for the first page
	 * @throws InvalidRequestException when the cursor was not issued for this list
	 */
	public TimelinePosition decodePosition(String scope, String cursor) {
		if (cursor == null) {
			return null;
		}
		List<String> values = this.codec.decodeValues(scope, cursor);
		try {
			return TimelinePosition.fromValues(values);
		}
		catch (IllegalArgumentException ex) {
			throw invalid();
		}
	}

	private static InvalidRequestException invalid() {
		return new InvalidRequestException("cursor", "is not a cursor issued for this list");
	}

}
