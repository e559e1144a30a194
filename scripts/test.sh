#!/usr/bin/env bash
# npm test: lint, type check, unit tests, production build, and browser tests (JavaScript on and off).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh

mkdir -p reports
echo "== lint"; npm run lint --silent
echo "== typecheck"; npx tsc --noEmit
echo "== unit tests"; npx vitest run --reporter=default --reporter=json --outputFile.json=reports/unit.json
echo "== build"; npm run build --silent
echo "== browser tests"; npx vitest run --config vitest.e2e.config.ts --reporter=default --reporter=json --outputFile.json=reports/e2e.json

node -e '
const fs = require("node:fs");
let passed = 0, failed = 0, skipped = 0;
for (const file of ["reports/unit.json", "reports/e2e.json"]) {
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  passed += report.numPassedTests; failed += report.numFailedTests; skipped += report.numPendingTests + report.numTodoTests;
}
console.log(`tests: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
if (failed > 0 || passed === 0) process.exit(1);
'
