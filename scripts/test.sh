#!/usr/bin/env bash
# npm test: lint, type check, production build, unit tests on SQLite and on PostgreSQL, browser tests (JavaScript on and
# off) on SQLite and on two boxes on PostgreSQL, and the operations tests with servers of their own,
# and two install checks run in the background beside the tests: the Node 22 smoke run
# (scripts/smoke-node22.sh) and the production install (scripts/production-install.sh, which
# needs the build). Their logs are reports/smoke-node22.log and reports/production-install.log.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh
bash scripts/ensure-postgres.sh

mkdir -p reports
background=()
background_names=()
e2e_pids=()
# Stop the install checks if a step fails before they are waited for.
trap 'for pid in "${background[@]}" "${e2e_pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done' EXIT

echo "== lint"; npm run lint --silent
echo "== typecheck"; npx tsc --noEmit
echo "== build"; npm run build --silent

# Each check in its own process group (set -m), so the trap above can stop it with its children.
start_check() {
  local name="$1" script="$2"
  echo "== $name: in the background (reports/$name.log)"
  set -m
  ( started=$SECONDS; bash "$script" && status=0 || status=$?; echo "== $name: exit $status after $((SECONDS - started)) s"; exit "$status" ) > "reports/$name.log" 2>&1 &
  set +m
  background+=("$!")
  background_names+=("$name")
}
start_check smoke-node22 scripts/smoke-node22.sh
start_check production-install scripts/production-install.sh

# Three Vitest projects in one run: "unit" (SQLite), "unit-pg" (the same tests on PostgreSQL, a fresh
# database per file) and "postgres" (*.pg.test.ts); both PostgreSQL projects share one throwaway server
# the run starts and deletes (app/test/postgres-global-setup.ts, decision 0103). Three workers: Vitest's
# default on two cores is one, and the PostgreSQL tests spend much of their time waiting on the server
# (measured on this 2-core box: 766 s with one worker, 335 s with three).
echo "== unit tests (SQLite and PostgreSQL)"
npx vitest run --project unit --project unit-pg --project postgres --maxWorkers=3 --reporter=default --reporter=json --outputFile.json=reports/unit.json

# Browser tests in three processes at once (vitest.e2e.config.ts, OWN_SERVER_FILES): the files on the
# run's shared server on SQLite (printed here) and on two boxes on PostgreSQL, and the files that start servers of
# their own (clusters, private PostgreSQL servers, two boxes behind a proxy, an S3 server).
e2e_run() {
  local name="$1"; shift
  ( env "$@" --reporter=default --reporter=json --outputFile.json="reports/$name.json" ) > "reports/$name.log" 2>&1
}
echo "== browser tests: shared server on SQLite here; on two PostgreSQL boxes and own servers in the background (reports/e2e-pg.log, reports/e2e-own.log)"
set -m
# The PostgreSQL run is also the several-boxes run: two boxes on one PostgreSQL behind the round-robin
# proxy, pictures in an S3 bucket (QUADS_E2E_BOXES=2, docs/operations.md "Browser tests on two boxes").
# Two files check what neither the engine nor the boxes can change, and are the run's slowest: axe-core
# and html-validate on every screen and the JavaScript/HTML weight of the build. They run on SQLite only.
e2e_run e2e-pg QUADS_E2E_GROUP=shared QUADS_E2E_BOXES=2 npx vitest run --config vitest.e2e.config.ts \
  --exclude tests/accessibility.e2e.ts --exclude tests/budgets.e2e.ts & e2e_pg=$!
e2e_run e2e-own QUADS_E2E_GROUP=own npx vitest run --config vitest.e2e.config.ts & e2e_own=$!
set +m
e2e_pids=("$e2e_pg" "$e2e_own")
QUADS_E2E_GROUP=shared npx vitest run --config vitest.e2e.config.ts --reporter=default --reporter=json --outputFile.json=reports/e2e.json || true
for name in e2e-pg e2e-own; do
  pid=$e2e_pg; [ "$name" = e2e-own ] && pid=$e2e_own
  wait "$pid" || true
  echo "== browser tests ($name):"
  # The summary, and every failure with its message (the whole log stays in reports/$name.log).
  sed 's/\x1b\[[0-9;]*m//g' "reports/$name.log" | grep -E '^ (FAIL|×)|^ +×|AssertionError|Error:|Test Files|Tests  ' | head -n 80 || true
done

install_failures=0
for index in "${!background[@]}"; do
  name="${background_names[$index]}"
  if wait "${background[$index]}"; then
    tail -n 1 "reports/$name.log"
  else
    install_failures=$((install_failures + 1))
    echo "== $name FAILED; the end of reports/$name.log:"
    tail -n 40 "reports/$name.log"
  fi
done
background=()

node -e '
const fs = require("node:fs");
let passed = 0, failed = 0, skipped = 0;
for (const file of ["reports/unit.json", "reports/e2e.json", "reports/e2e-pg.json", "reports/e2e-own.json"]) {
  if (!fs.existsSync(file)) { console.log(`${file}: missing (the run did not finish)`); failed += 1; continue; }
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  passed += report.numPassedTests; failed += report.numFailedTests; skipped += report.numPendingTests + report.numTodoTests;
  // Each failed test by file and name, with the first line of its message: CI keeps only the end of the output.
  for (const result of report.testResults ?? []) {
    for (const test of result.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      const message = String(test.failureMessages?.[0] ?? "").replace(/\x1b\[[0-9;]*m/g, "").split("\n")[0].slice(0, 300);
      console.log(`FAILED (${file}) ${result.name.replace(process.cwd() + "/", "")} > ${test.fullName}: ${message}`);
    }
  }
}
console.log(`tests: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
if (failed > 0 || passed === 0) process.exit(1);
'
[ "$install_failures" = 0 ] || { echo "install checks: $install_failures failed"; exit 1; }
echo "install checks: Node 22 smoke run and production install passed"
