import { useRevalidator } from "react-router";
import { useEffect } from "react";
import { useNonce } from "~/utils/nonce-provider";

const COOKIE = "tz";
const setCookieScript = `try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z&&document.cookie.indexOf("${COOKIE}="+encodeURIComponent(z))<0){document.cookie="${COOKIE}="+encodeURIComponent(z)+";path=/;max-age=31536000;samesite=lax"}}catch(e){}`;

/**
 * Tells the server the browser's time zone (a `tz` cookie, read on the next request) with a
 * tiny inline script carrying the CSP nonce. After hydration, if the page was rendered in
 * another zone, its data is reloaded once so times show in the member's zone at once.
 */
export function TimeZoneScript({ renderedTimeZone }: { renderedTimeZone: string }) {
  const nonce = useNonce();
  const revalidator = useRevalidator();
  useEffect(() => {
    let browserZone = "";
    try {
      browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      return;
    }
    if (!browserZone || browserZone === renderedTimeZone) return;
    if (!document.cookie.includes(`${COOKIE}=${encodeURIComponent(browserZone)}`)) {
      document.cookie = `${COOKIE}=${encodeURIComponent(browserZone)};path=/;max-age=31536000;samesite=lax`;
    }
    if (revalidator.state === "idle") revalidator.revalidate();
    // Only when the zone the server used changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [renderedTimeZone]);
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: setCookieScript }} />;
}
