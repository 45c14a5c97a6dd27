package dev.querydriven.ecommerceorders.user;

import java.util.Set;

import dev.querydriven.writeintents.IntentReplayer;
import dev.querydriven.writeintents.WriteIntent;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Finishes an erasure cut short, for the sweeper: the whole erasure run again
 * ({@link UserService#finishErasure}). The intent names the user only: the orders to
 * erase follow from the user's history, and every step is idempotent, so a replay after
 * any interruption, or two replays at once, end the same way.
 */
@Component
class ErasureReplayer implements IntentReplayer {

	private final UserService users;

	ErasureReplayer(UserService users) {
		this.users = users;
	}

	@Override
	public Set<String> kinds() {
		return Set.of(UserService.USER_ERASED);
	}

	@Override
	public Mono<Void> replay(WriteIntent intent) {
		return this.users.finishErasure(intent.uuid("user_id"));
	}

}
