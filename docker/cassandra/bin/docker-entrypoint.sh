#!/bin/bash
# The official cassandra image's entrypoint contract, for the image built from this project's jars:
# the CASSANDRA_* variables are written into the configuration, then the command runs. Started as
# root, it hands the configuration, data and log directories to the user cassandra and runs the node
# as that user (files copied in at start, such as Testcontainers' cassandra.yaml, belong to root).
set -euo pipefail

# `docker run IMAGE -Dfoo=bar` means `cassandra -f -Dfoo=bar`, as in the official image.
if [ "$#" -eq 0 ] || [ "${1#-}" != "$1" ]; then
	set -- cassandra -f "$@"
fi

if [ "$1" = cassandra ] && [ "$(id -u)" = 0 ]; then
	find "$CASSANDRA_CONF" /var/lib/cassandra /var/log/cassandra \! -user cassandra -exec chown cassandra:cassandra '{}' +
	HOME=/var/lib/cassandra exec setpriv --reuid=cassandra --regid=cassandra --init-groups "${BASH_SOURCE[0]}" "$@"
fi

# The container's first IPv4 address (the official image's "auto").
container_address() {
	hostname -I | tr ' ' '\n' | grep -m 1 '\.'
}

# Rewrites "key: value" in a file in place without replacing the file (it may be a bind mount).
set_option() {
	local file=$1 pattern=$2 replacement=$3 edited
	edited=$(sed -E "s/$pattern/$replacement/" "$file")
	printf '%s\n' "$edited" >"$file"
}

if [ "$1" = cassandra ]; then
	: "${CASSANDRA_RPC_ADDRESS:=0.0.0.0}"
	: "${CASSANDRA_LISTEN_ADDRESS:=auto}"
	if [ "$CASSANDRA_LISTEN_ADDRESS" = auto ]; then
		CASSANDRA_LISTEN_ADDRESS=$(container_address)
	fi
	: "${CASSANDRA_BROADCAST_ADDRESS:=$CASSANDRA_LISTEN_ADDRESS}"
	if [ "$CASSANDRA_BROADCAST_ADDRESS" = auto ]; then
		CASSANDRA_BROADCAST_ADDRESS=$(container_address)
	fi
	: "${CASSANDRA_BROADCAST_RPC_ADDRESS:=$CASSANDRA_BROADCAST_ADDRESS}"
	: "${CASSANDRA_SEEDS:=$CASSANDRA_BROADCAST_ADDRESS}"
	export CASSANDRA_RPC_ADDRESS CASSANDRA_LISTEN_ADDRESS CASSANDRA_BROADCAST_ADDRESS \
		CASSANDRA_BROADCAST_RPC_ADDRESS CASSANDRA_SEEDS

	yaml="$CASSANDRA_CONF/cassandra.yaml"
	set_option "$yaml" '(- seeds:).*' "\\1 \"$CASSANDRA_SEEDS\""
	for option in broadcast_address broadcast_rpc_address cluster_name endpoint_snitch listen_address \
		num_tokens rpc_address; do
		variable="CASSANDRA_${option^^}"
		value="${!variable:-}"
		if [ -n "$value" ]; then
			set_option "$yaml" "^(# )?($option:).*" "\\2 $value"
		fi
	done
	for option in dc rack; do
		variable="CASSANDRA_${option^^}"
		value="${!variable:-}"
		if [ -n "$value" ]; then
			set_option "$CASSANDRA_CONF/cassandra-rackdc.properties" "^($option=).*" "\\1$value"
		fi
	done
fi

exec "$@"
