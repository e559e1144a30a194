import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext, useState } from "react";

/**
 * The page's scripts as `<link rel="modulepreload">` in the `<head>`, with the CSP nonce: Remix's
 * `<Scripts>` writes the same links at the end of `<body>`, where the browser finds them only once
 * the whole document has arrived; from the head the scripts download beside the stylesheet, a few
 * hundred milliseconds earlier on a slow connection (docs/decisions/0081-slow-connection-first-view.md).
 * The same list as `<Scripts>`: the entry, its imports, then each matched route's imports and module.
 * Kept from the first render (as `<Scripts>` does), so hydration sees the server's markup.
 *
 * The `csp-nonce` meta is where Vite's preload helper finds the nonce for the modulepreload links
 * it adds when a chunk is loaded on use (`lazy(() => import(…))`): without it those are refused too.
 * The browser hides a nonce attribute once the page has loaded, hence `suppressHydrationWarning`
 * (the client renders without the nonce).
 */
export function ModulePreloads({ nonce }: { nonce?: string }) {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  const [hrefs] = useState(() => {
    if (!remix) return [];
    const { manifest } = remix;
    const routeFiles = matches.flatMap((match) => {
      const route = manifest.routes[match.id];
      return route ? [...(route.imports ?? []), route.module] : [];
    });
    return [...new Set([manifest.entry.module, ...manifest.entry.imports, ...routeFiles])];
  });
  return (
    <>
      <meta property="csp-nonce" nonce={nonce} suppressHydrationWarning />
      {hrefs.map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce} suppressHydrationWarning />
      ))}
    </>
  );
}
