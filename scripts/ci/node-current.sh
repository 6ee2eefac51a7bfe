#!/usr/bin/env bash
# The Node a newcomer has today (24): the machines run Node 20, so CI also starts the panel under Node 24
# (from the npm registry's `node` package) on a fresh data directory, signs in, reads a list, and runs one
# area's API tests there.
set -euo pipefail
cd "$(dirname "$0")/../.."
NODE_MAJOR=${NODE_MAJOR:-24}
node_bin=$(npx -y -p "node@$NODE_MAJOR" -c 'command -v node')
echo "Node under test: $node_bin $("$node_bin" --version)"
case "$("$node_bin" --version)" in v"$NODE_MAJOR".*) ;; *) echo "expected Node $NODE_MAJOR" >&2; exit 1 ;; esac

data_dir=$(mktemp -d)
port=${NODE_CURRENT_PORT:-8291}
log="$data_dir/server.log"
NODE_ENV=test TEST_SCRYPT_N=1024 DATA_DIR="$data_dir/data" PORT=$port HOST=127.0.0.1 "$node_bin" --import tsx server/main.ts >"$log" 2>&1 &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$data_dir"; }
trap cleanup EXIT

# Two minutes on a quiet machine, stretched on CI as the tests' limits are (scripts/hang-limit.ts).
for _ in $(seq 1 $((240 * ${TEST_TIME_SCALE:-4}))); do
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$log"; echo "the panel did not start under Node $NODE_MAJOR" >&2; exit 1; }
  sleep 0.5
done
token=$(curl -fsS -H 'content-type: application/json' -d '{"email":"admin@demo.local","password":"demo1234"}' "http://127.0.0.1:$port/api/login" |
  "$node_bin" -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).authorisation.token))')
insurers=$(curl -fsS -H "authorization: Bearer $token" "http://127.0.0.1:$port/api/insurers?page=1&pageSize=5" |
  "$node_bin" -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).items.length))')
[ "$insurers" -gt 0 ] || { echo "signed in under Node $NODE_MAJOR but the insurers list is empty" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$port/" | grep -q '<div id="root"' || { echo "the panel's page was not served under Node $NODE_MAJOR" >&2; exit 1; }
echo "Panel under Node $NODE_MAJOR: signed in as admin@demo.local, $insurers insurers listed."

"$node_bin" node_modules/vitest/vitest.mjs run tests/api/insurers.test.ts tests/server/passwords.test.ts
