#!/bin/sh
# Starts Mosquitto once the account files exist, and sends it SIGHUP (re-read passwd and acl) when they change.
set -eu
dir=/mosquitto/accounts
until [ -s "$dir/passwd" ] && [ -s "$dir/acl" ]; do echo 'waiting for broker accounts'; sleep 2; done
mosquitto -c /mosquitto/config/mosquitto.conf &
pid=$!
last=$(cat "$dir/passwd" "$dir/acl" | md5sum)
while kill -0 "$pid" 2>/dev/null; do
  sleep 10
  now=$(cat "$dir/passwd" "$dir/acl" | md5sum)
  if [ "$now" != "$last" ]; then kill -HUP "$pid"; last=$now; fi
done
wait "$pid"
