package dev.querydriven.socialfeed.user;

/**
 * A user to register, as the service takes it: the controller maps the validated request
 * to it, the seeder builds it directly.
 *
 * @param username the username, any case
 * @param email the email, any case
 * @param displayName the name shown to others
 */
public record NewUser(String username, String email, String displayName) {

}
