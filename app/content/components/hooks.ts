import { useEffect, useState } from "react";

/** False in the server render and the first client render; true once React runs in the browser. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** SPEC §2: the home page and the legal pages clear local storage on load. */
export function useClearLocalStorage() {
  useEffect(() => {
    try {
      window.localStorage.clear();
    } catch {
      // storage disabled (private mode, policies): nothing to clear
    }
  }, []);
}
