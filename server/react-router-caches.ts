/**
 * Per-build caches in React Router's server rendering, written into the server build's copy of
 * React Router (its production build, bundled by vite.config.ts) at build time. React Router 7.18
 * (and its main line) rebuilds on every document render what only changes with the build:
 *
 * - a signed cookie is signed and checked through WebCrypto (`crypto.subtle`), an asynchronous job on
 *   libuv's thread pool for each cookie of each request, where Node's own HMAC takes a few microseconds;
 * - the document request lists the build's route modules (`createEntryRouteModules`);
 * - `ServerRouter` turns the manifest into a route tree (`createServerRoutes`);
 * - `createStaticRouter` turns that tree into data routes (`convertRoutesToDataRoutes`);
 * - `getPartialManifest` (the inline manifest of `<Scripts>`) matches "/" and every parent path of
 *   the URL against all routes, to list the routes the browser gets up front;
 * - every request is matched (twice) by trying the route branches in rank order (`matchRoutesImpl`).
 *
 * Each is cached here (the cookie's HMAC is computed with node:crypto instead, byte for byte the same
 * signature: decision 0100): the route modules per build's routes, the route tree per (manifest routes, route modules, SPA mode), the data
 * routes per route tree, the route ids matched per path (a bounded map per route set), and the
 * index of the branch a path matched (a bounded map per branch list; decision 0100). No
 * behaviour changes: the same objects, built once (docs/decisions/0097-react-router-server-caches.md,
 * with the numbers and the upstream issue; docs/decisions/0100-what-every-request-paid.md for the HMAC;
 * server/react-router-caches.behaviour.test.ts runs the installed and the edited code side by side). `applyServerCaches` returns the code unchanged and
 * names the edits it could not make: vite.config.ts fails the build then, and
 * server/react-router-caches.test.ts fails against the installed React Router.
 */

type Edit = { name: string; find: string; replace: string; helper: string };

const EDITS: Edit[] = [
  {
    name: "signed cookies through Node's HMAC",
    find: `var sign = async (value, secret) => {
  let data2 = encoder.encode(value);
  let key = await createKey(secret, ["sign"]);
  let signature = await crypto.subtle.sign("HMAC", key, data2);
  let hash = btoa(String.fromCharCode(...new Uint8Array(signature))).replace(
    /=+$/,
    ""
  );
  return value + "." + hash;
};
var unsign = async (cookie, secret) => {
  let index = cookie.lastIndexOf(".");
  let value = cookie.slice(0, index);
  let hash = cookie.slice(index + 1);
  let data2 = encoder.encode(value);
  let key = await createKey(secret, ["verify"]);
  try {
    let signature = byteStringToUint8Array(atob(hash));
    let valid = await crypto.subtle.verify("HMAC", key, signature, data2);
    return valid ? value : false;
  } catch (e) {
    return false;
  }
};`,
    replace: `var sign = async (value, secret) => {
  let hash = quadsHmac(secret, value).toString("base64").replace(
    /=+$/,
    ""
  );
  return value + "." + hash;
};
var unsign = async (cookie, secret) => {
  let index = cookie.lastIndexOf(".");
  let value = cookie.slice(0, index);
  let hash = cookie.slice(index + 1);
  try {
    let signature = byteStringToUint8Array(atob(hash));
    let expected = quadsHmac(secret, value);
    let valid = signature.length === expected.length && quadsTimingSafeEqual(signature, expected);
    return valid ? value : false;
  } catch (e) {
    return false;
  }
};`,
    helper: `
import { createHmac as quadsCreateHmac, timingSafeEqual as quadsTimingSafeEqual } from "node:crypto";
function quadsHmac(secret, value) {
  return quadsCreateHmac("sha256", secret).update(value, "utf8").digest();
}
`,
  },
  {
    name: "the entry's route modules",
    find: `function createEntryRouteModules(manifest) {
  return Object.keys(manifest).reduce((memo, routeId) => {
    let route = manifest[routeId];
    if (route) {
      memo[routeId] = route.module;
    }
    return memo;
  }, {});
}`,
    replace: `function createEntryRouteModules(manifest) {
  return quadsCachedRouteModules(manifest, () => Object.keys(manifest).reduce((memo, routeId) => {
    let route = manifest[routeId];
    if (route) {
      memo[routeId] = route.module;
    }
    return memo;
  }, {}));
}`,
    helper: `
var quadsRouteModules = new WeakMap();
function quadsCachedRouteModules(manifest, build) {
  let cached = quadsRouteModules.get(manifest);
  if (!cached) {
    cached = build();
    quadsRouteModules.set(manifest, cached);
  }
  return cached;
}
`,
  },
  {
    name: "ServerRouter's route tree",
    find: `let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    replace: `let routes = quadsCachedServerRoutes(manifest.routes, routeModules, context.isSpaMode, () => createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  ));`,
    helper: `
var quadsServerRoutes = new WeakMap();
function quadsCachedServerRoutes(manifestRoutes, routeModules, isSpaMode, build) {
  let cached = quadsServerRoutes.get(manifestRoutes);
  if (cached && cached.routeModules === routeModules && cached.isSpaMode === isSpaMode) return cached.routes;
  let routes = build();
  quadsServerRoutes.set(manifestRoutes, { routeModules, isSpaMode, routes });
  return routes;
}
`,
  },
  {
    name: "createStaticRouter's data routes",
    find: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    replace: `function createStaticRouter(routes, context, opts = {}) {
  let { manifest, dataRoutes } = quadsCachedDataRoutes(routes, () => {
    let manifest = {};
    let dataRoutes = convertRoutesToDataRoutes(
      routes,
      mapRouteProperties,
      void 0,
      manifest
    );
    return { manifest, dataRoutes };
  });`,
    helper: `
var quadsDataRoutes = new WeakMap();
function quadsCachedDataRoutes(routes, build) {
  let cached = quadsDataRoutes.get(routes);
  if (!cached) {
    cached = build();
    quadsDataRoutes.set(routes, cached);
  }
  return cached;
}
`,
  },
  {
    name: "getPartialManifest's matches",
    find: `  paths.forEach((path) => {
    let matches = matchRoutesImpl(
      router.routes,
      path,
      router.basename || "/",
      false,
      router.branches
    );
    if (matches) {
      matches.forEach((m) => routeIds.add(m.route.id));
    }
  });`,
    replace: `  paths.forEach((path) => {
    let matchedIds = quadsMatchedRouteIds(router, path, () => {
      let matches = matchRoutesImpl(
        router.routes,
        path,
        router.basename || "/",
        false,
        router.branches
      );
      return matches ? matches.map((m) => m.route.id) : [];
    });
    matchedIds.forEach((id) => routeIds.add(id));
  });`,
    helper: `
var quadsMatchedIds = new WeakMap();
function quadsMatchedRouteIds(router, path, match) {
  let routeSet = router.branches || router.routes;
  let byPath = quadsMatchedIds.get(routeSet);
  if (!byPath) {
    byPath = new Map();
    quadsMatchedIds.set(routeSet, byPath);
  }
  let key = (router.basename || "/") + "\\0" + path;
  let ids = byPath.get(key);
  if (!ids) {
    ids = match();
    if (byPath.size >= 1000) byPath.clear();
    byPath.set(key, ids);
  }
  return ids;
}
`,
  },
  {
    name: "the branch a path matches",
    find: `  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  return matches;`,
    replace: `  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let matches = null;
  let decoded = decodePath(pathname);
  let known = precomputedBranches ? quadsMatchedBranches(precomputedBranches) : void 0;
  let knownKey = (allowPartial ? "1" : "0") + decoded;
  let knownIndex = known?.get(knownKey);
  if (knownIndex !== void 0) {
    return knownIndex < 0 ? null : matchRouteBranch(branches[knownIndex], decoded, allowPartial);
  }
  let i = 0;
  for (; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  if (known) {
    if (known.size >= 1000) known.clear();
    known.set(knownKey, matches == null ? -1 : i - 1);
  }
  return matches;`,
    helper: `
var quadsBranchIndexes = new WeakMap();
function quadsMatchedBranches(branches) {
  let byPath = quadsBranchIndexes.get(branches);
  if (!byPath) {
    byPath = new Map();
    quadsBranchIndexes.set(branches, byPath);
  }
  return byPath;
}
`,
  },
];

/** The names of the caches, in the order they are written. */
export const SERVER_CACHES = EDITS.map((edit) => edit.name);

/**
 * Writes the caches into one module of React Router's build: returns the new code and the names of
 * the caches it wrote (a cache whose code the module does not hold is not written).
 */
export function applyServerCaches(code: string): { code: string; applied: string[] } {
  const applied: string[] = [];
  let result = code;
  for (const edit of EDITS) {
    const at = result.indexOf(edit.find);
    if (at === -1 || result.indexOf(edit.find, at + 1) !== -1) continue;
    result = result.slice(0, at) + edit.replace + result.slice(at + edit.find.length) + edit.helper;
    applied.push(edit.name);
  }
  return { code: result, applied };
}
