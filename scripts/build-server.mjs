// Compiles server.ts to build/server.js (which must not import React Router: it comes from the build) and the cluster's mail worker, server/mail-worker.ts, to
// build/mail-worker.js (dependencies stay external; the React Router build is loaded at run time by
// server.js only). The mail worker's bundle must stay free of React and the React Router build
// (docs/decisions/0089-mail-worker-entry.md): the build fails if one of them creeps in.
import { build } from "esbuild";

const common = { platform: "node", format: "esm", target: "node20", packages: "external", bundle: true, logLevel: "warning" };

const server = await build({ ...common, entryPoints: ["server.ts"], outfile: "build/server.js", metafile: true });
// React Router runs from the build only (its production build, bundled there: vite.config.ts and
// docs/decisions/0096-react-router-production-build-on-the-server.md): an import here would load the
// package's development build beside it, a second copy with contexts of its own.
const serverImports = Object.values(server.metafile.outputs).flatMap((output) => output.imports.filter((entry) => entry.external).map((entry) => entry.path));
const reactRouterImports = serverImports.filter((file) => /^(react-router|@react-router\/[a-z-]+)(\/|$)/.test(file));
if (reactRouterImports.length > 0) {
  console.error(`build/server.js must take React Router from the build (app/entry.server.tsx), but it imports:\n  ${[...new Set(reactRouterImports)].join("\n  ")}\n(see docs/decisions/0096-react-router-production-build-on-the-server.md)`);
  process.exit(1);
}

const mailWorker = await build({ ...common, entryPoints: ["server/mail-worker.ts"], outfile: "build/mail-worker.js", metafile: true });
const imported = Object.values(mailWorker.metafile.outputs).flatMap((output) => output.imports.map((entry) => entry.path));
const loaded = [...Object.keys(mailWorker.metafile.inputs), ...imported];
const forbidden = loaded.filter((file) => /(^|\/)(react|react-dom|react-router|@react-router\/[a-z-]+|express|compression)(\/|$)|\.tsx$|build\/server\/index\.js|app\/routes\//.test(file));
if (forbidden.length > 0) {
  console.error(`build/mail-worker.js must not load the web app, but it imports:\n  ${[...new Set(forbidden)].join("\n  ")}\n(see docs/decisions/0089-mail-worker-entry.md)`);
  process.exit(1);
}
