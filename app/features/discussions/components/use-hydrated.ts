import { useEffect, useState } from "react";

/** False on the server and on the first client render; true once JavaScript runs. */
export function useHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  return isHydrated;
}
