// Compiles server.ts to build/server.js (dependencies stay external; the React Router build is loaded at run time).
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  bundle: true,
  logLevel: "warning",
});
