package dev.querydriven.socialfeed.erasure;

import java.util.UUID;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import reactor.core.publisher.Mono;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The erasure of a user: the user themselves or an admin (see the access rules).
 */
@RestController
class ErasureController {

	private final ErasureService erasure;

	ErasureController(ErasureService erasure) {
		this.erasure = erasure;
	}

	@DeleteMapping("/users/{userId}")
	@Operation(summary = "Erase a user from every table: profile, names, follows, posts, likes, timeline",
			description = "204 when every row is gone; 202 when the erasure is recorded and still running (the service "
					+ "finishes it; repeat the request to wait for it); 404 for a user with no profile, which is "
					+ "also what a repeat gets once the erasure is done: an erased user leaves no trace to tell "
					+ "them from one who never registered.")
	@ApiResponse(responseCode = "204", description = "Erased")
	@ApiResponse(responseCode = "202", description = "Recorded; the service finishes the erasure")
	Mono<ResponseEntity<Void>> erase(@PathVariable UUID userId) {
		return this.erasure.erase(userId)
			.map((outcome) -> (outcome == ErasureService.Outcome.ERASED) ? ResponseEntity.noContent().build()
					: ResponseEntity.accepted().build());
	}

}
