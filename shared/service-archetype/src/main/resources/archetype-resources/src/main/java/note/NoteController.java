package ${package}.note;

import java.util.UUID;

import dev.querydriven.servicesupport.web.Page;
import dev.querydriven.servicesupport.web.PageLimit;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * An owner's notes: one write, one read, both the owner's alone. The access table
 * ({@code AccessConfiguration}) lets a request through only when {@code ownerId} is the
 * caller, the subject of its token, so nothing here checks it again.
 */
@RestController
@RequestMapping("/owners/{ownerId}/notes")
class NoteController {

	private final NoteService notes;

	private final NoteMapper mapper;

	NoteController(NoteService notes, NoteMapper mapper) {
		this.notes = notes;
		this.mapper = mapper;
	}

	@PostMapping
	@Operation(summary = "Add a note to one's own notes (201); sending it again adds another note")
	Mono<ResponseEntity<NoteResponse>> add(@PathVariable UUID ownerId, @Valid @RequestBody AddNoteRequest request) {
		return this.notes.add(ownerId, request.text())
			.map((note) -> ResponseEntity.status(HttpStatus.CREATED).body(this.mapper.toResponse(note)));
	}

	@GetMapping
	@Operation(summary = "One's own notes, newest first (Q1: one partition of notes_by_owner)")
	Mono<Page<NoteResponse>> notes(@PathVariable UUID ownerId, @RequestParam(required = false) String cursor,
			@RequestParam(defaultValue = PageLimit.DEFAULT) PageLimit limit) {
		return this.notes.findNewestFirst(ownerId, cursor, limit.value())
			.map((page) -> page.map(this.mapper::toResponse));
	}

}
