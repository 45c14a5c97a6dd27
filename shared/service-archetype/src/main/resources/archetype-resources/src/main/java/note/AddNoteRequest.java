package ${package}.note;

import dev.querydriven.servicesupport.text.MultilineText;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * {@code POST /owners/{ownerId}/notes}: a note to add.
 *
 * @param text the note (bounded: with the notes an owner keeps, it sizes the partition)
 */
record AddNoteRequest(@NotBlank @Size(max = NoteService.MAX_TEXT) @MultilineText String text) {

}
