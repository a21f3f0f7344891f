import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";

/**
 * Asks before leaving a page with changes not saved (issue 29): a click on a link of the site is
 * held while `active` and its destination offered to `leave` or `stay`; closing or reloading the
 * tab gets the browser's own question. React Router's useBlocker would do the first part, but it
 * would put its code in the router chunk every public page loads; this stays in the admin chunk.
 * The browser's back button inside the admin is not held.
 */
export function useLeaveGuard(active: boolean) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const guarding = useRef(active);
  guarding.current = active;

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!guarding.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const to = new URL(link.href, window.location.href);
      const here = window.location;
      if (to.origin !== here.origin || (to.pathname === here.pathname && to.search === here.search)) return;
      // Held before the router's own click handler sees it (capture phase, at the document).
      event.preventDefault();
      event.stopPropagation();
      setPending(`${to.pathname}${to.search}${to.hash}`);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarding.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    document.addEventListener("click", onClick, true);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, []);

  return {
    /** Where the person wanted to go, while the question is open. */
    pending,
    stay: () => setPending(null),
    leave: () => {
      const to = pending;
      setPending(null);
      guarding.current = false;
      if (to) navigate(to);
    },
  };
}
