import { observeWebVitals } from "@domain/web-vitals.ts";
import { startConsent } from "../components/consent/runtime.tsx";
import { rememberTouch } from "./attribution/remember.ts";
import { watchFunnel } from "./funnel/beacon.ts";

/**
 * What a page starts once it is interactive, from a chunk of its own that no page loads before
 * interaction (root.tsx imports it after hydration): the cookie choice (decision 123), which keeps
 * the visit's touch with what it grants (decision 105), the Web Vitals (A §7) at once, the funnel's
 * beacon when the browser is idle (decision 104). None may delay or break the page.
 */
export function afterPage(): void {
  void observeWebVitals().catch(() => {});
  try {
    startConsent((granted) => {
      try {
        rememberTouch(granted);
      } catch {}
    });
  } catch {}
  const start = () => {
    try {
      watchFunnel();
    } catch {}
  };
  if (typeof requestIdleCallback === "function") requestIdleCallback(start, { timeout: 3_000 });
  else setTimeout(start, 1_000);
}
