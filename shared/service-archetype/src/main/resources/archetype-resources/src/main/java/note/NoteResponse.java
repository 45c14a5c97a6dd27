package ${package}.note;

import java.time.Instant;
import java.util.UUID;

/**
 * A note.
 *
 * @param id the note
 * @param ownerId its owner
 * @param text the note
 * @param createdAt when it was written (the time of its id)
 */
record NoteResponse(UUID id, UUID ownerId, String text, Instant createdAt) {

}
