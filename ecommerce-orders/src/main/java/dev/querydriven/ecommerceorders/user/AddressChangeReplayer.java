package dev.querydriven.ecommerceorders.user;

import java.util.Set;

import dev.querydriven.writeintents.IntentReplayer;
import dev.querydriven.writeintents.WriteIntent;
import reactor.core.publisher.Mono;

import org.springframework.stereotype.Component;

/**
 * Finishes an address change cut short, for the sweeper: the user's current address
 * applied again to each open order ({@link UserService#finishAddressChange}). The intent
 * names the user only: the address moves no copy to another key, so there is no removed
 * key to remember.
 */
@Component
class AddressChangeReplayer implements IntentReplayer {

	private final UserService users;

	AddressChangeReplayer(UserService users) {
		this.users = users;
	}

	@Override
	public Set<String> kinds() {
		return Set.of(UserService.ADDRESS_CHANGED);
	}

	@Override
	public Mono<Void> replay(WriteIntent intent) {
		return this.users.finishAddressChange(intent.uuid("user_id"));
	}

}
