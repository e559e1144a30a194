#!/usr/bin/env bash
# The production install (README, "Run it in production"): what a server gets is the build
# (`npm run build` where the dev tools are installed) with package.json, the lockfile, the
# migrations and scripts/start.mjs; there `npm ci --omit=dev && npm start`. This copies exactly
# that into a scratch folder, runs `npm ci --omit=dev` (no dev tool may be needed: no patch
# step, no build tool), checks no devDependency was installed, then starts it with `npm start`
# on a fresh database: migrations, sign-in and a post through /api (scripts/smoke-server.ts).
# Needs a build (`npm run build`). `npm test` runs this in the background
# (reports/production-install.log). About a minute (better-sqlite3 is not compiled again: see below).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
source scripts/lib/scratch-copy.sh

if [ ! -f build/server.js ] || [ ! -f build/server/index.js ]; then
  echo "No build: run npm run build first."
  exit 1
fi

scratch="$(mktemp -d "${TMPDIR:-/tmp}/quads-production-XXXXXX")"
[ "${KEEP_SCRATCH:-}" = 1 ] || trap 'rm -rf "$scratch"' EXIT
echo "== $(elapsed) the build and what it needs at run time, in $scratch"
# -p keeps the times: scripts/start.mjs rebuilds only when a source is newer than the build.
mkdir -p "$scratch/scripts" "$scratch/db"
cp -p package.json package-lock.json "$scratch/"
cp -pR build "$scratch/build"
cp -pR db/migrations "$scratch/db/migrations"
cp -p scripts/start.mjs "$scratch/scripts/start.mjs"
touch -r db "$scratch/db"

# better-sqlite3's install step (prebuild-install) looks for a prebuilt binary before compiling; a
# server with internet downloads the project's release binary. Here there is no internet, so the
# binary the development install already compiled for this very Node is offered as a local prebuild
# (prebuild-install's `npm_config_better_sqlite3_local_prebuilds`), which saves compiling it a second
# time beside the tests. The Node 22 smoke run (scripts/smoke-node22.sh) still compiles its own.
prebuilds="$scratch/.prebuilds"
binary="$root/node_modules/better-sqlite3/build/Release/better_sqlite3.node"
if [ -f "$binary" ]; then
  mkdir -p "$prebuilds/build/Release"
  cp "$binary" "$prebuilds/build/Release/"
  version="$(node -p 'require("'"$root"'/node_modules/better-sqlite3/package.json").version')"
  tar -czf "$prebuilds/better-sqlite3-v$version-node-v$(node -p process.versions.modules)-linux-$(node -p process.arch).tar.gz" -C "$prebuilds" build
  rm -rf "$prebuilds/build"
  export npm_config_better_sqlite3_local_prebuilds="$prebuilds"
fi

cd "$scratch"
echo "== $(elapsed) npm ci --omit=dev on Node $(node --version)"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
node -e '
const fs = require("node:fs");
const { devDependencies } = require("./package.json");
const present = (name) => fs.existsSync(`node_modules/${name}/package.json`);
// A production server must not need the build, test or patch tools.
const tools = ["@react-router/dev", "vite", "vitest", "tsx", "esbuild", "terser", "tailwindcss", "eslint", "patch-package"].filter(present);
if (tools.length) { console.error(`build or test tools installed by --omit=dev: ${tools.join(", ")}`); process.exit(1); }
// Type packages a production dependency names as an optional peer come along (npm: "devOptional"); nothing runs them.
const peers = Object.keys(devDependencies).filter(present);
console.log(`${Object.keys(devDependencies).length - peers.length} of ${Object.keys(devDependencies).length} devDependencies omitted, no build or test tool installed` + (peers.length ? ` (optional peers of production packages: ${peers.join(", ")})` : ""));
'
echo "== $(elapsed) npm start, migrations, sign-in, post"
# The driver runs from the checkout (tsx is a dev tool); the server runs from the production copy.
"$root/node_modules/.bin/tsx" "$root/scripts/smoke-server.ts" --dir "$scratch" --npm-start
echo "== $(elapsed) production install passed"
