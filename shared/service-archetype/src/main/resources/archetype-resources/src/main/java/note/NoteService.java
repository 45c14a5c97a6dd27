package ${package}.note;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import dev.querydriven.modeling.time.TimeSource;
import dev.querydriven.servicesupport.web.CursorCodec;
import dev.querydriven.servicesupport.web.InvalidRequestException;
import dev.querydriven.servicesupport.web.Page;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

/**
 * Adds notes and pages through an owner's notes, newest first.
 */
@Service
public class NoteService {

	/** Characters in a note: with the notes an owner keeps, it sizes the partition. */
	static final int MAX_TEXT = 500;

	private final NoteRepository notes;

	private final CursorCodec cursors;

	private final TimeSource time;

	NoteService(NoteRepository notes, CursorCodec cursors, TimeSource time) {
		this.notes = notes;
		this.cursors = cursors;
		this.time = time;
	}

	/**
	 * Adds a note to an owner's notes. Its id is a {@code timeuuid} from the service's
	 * one time source, so notes sort by creation time and never collide.
	 * @param ownerId the owner
	 * @param text the note, validated
	 * @return the note as stored
	 */
	public Mono<NotesByOwnerRow> add(UUID ownerId, String text) {
		return Mono.defer(() -> {
			NotesByOwnerRow note = new NotesByOwnerRow(ownerId, this.time.timeBasedId(), text);
			return this.notes.insert(note, this.time.nowMicros()).thenReturn(note);
		});
	}

	/**
	 * A page of an owner's notes, newest first (Q1). An owner without notes is an empty
	 * page, not a 404: owners are not registered on their own.
	 * @param ownerId the owner
	 * @param cursor the previous page's {@code next}, or {@code null}
	 * @param limit the page size
	 * @return the page
	 */
	public Mono<Page<NotesByOwnerRow>> findNewestFirst(UUID ownerId, String cursor, int limit) {
		String scope = "owner-notes:" + ownerId;
		return Mono.fromCallable(() -> Optional.ofNullable(cursor).map((token) -> after(scope, token)))
			// One row more than the page tells whether a next page exists.
			.flatMap((after) -> this.notes.findNewestFirstByOwner(ownerId, after.orElse(null), limit + 1).collectList())
			.map((rows) -> {
				if (rows.size() <= limit) {
					return new Page<>(rows, null);
				}
				List<NotesByOwnerRow> page = rows.subList(0, limit);
				String next = this.cursors.encode(scope, List.of(page.get(limit - 1).noteId().toString()));
				return new Page<>(page, next);
			});
	}

	private UUID after(String scope, String cursor) {
		try {
			UUID noteId = UUID.fromString(this.cursors.decodeValues(scope, cursor).get(0));
			if (noteId.version() != 1) {
				throw new IllegalArgumentException("not a timeuuid");
			}
			return noteId;
		}
		catch (RuntimeException ex) {
			throw new InvalidRequestException("cursor", "is not a cursor issued for this list");
		}
	}

}
