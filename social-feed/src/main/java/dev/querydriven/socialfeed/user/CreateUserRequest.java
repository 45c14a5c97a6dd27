package dev.querydriven.socialfeed.user;

import dev.querydriven.servicesupport.text.IdentifierText;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code POST /users}. Usernames and emails are compared case-insensitively:
 * they are stored (and claimed) lower-case. Both are identifiers, claimed once: no
 * invisible characters may make two of them look alike yet differ.
 *
 * @param username 3–30 letters, digits or underscores
 * @param email an email address, at most 254 characters
 * @param displayName the name shown to others, at most 50 characters
 */
public record CreateUserRequest(
		@NotBlank @Pattern(regexp = "[A-Za-z0-9_]{3,30}",
				message = "must be 3 to 30 letters, digits or underscores") @IdentifierText String username,
		@NotBlank @Email @Size(max = 254) @IdentifierText String email, @NotBlank @Size(max = 50) String displayName) {

}
