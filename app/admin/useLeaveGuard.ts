import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";

/**
 * Asks before leaving a page with changes not saved (decision 100): while `active`, any navigation of
 * the router to another page (a link, a form, the browser's back and forward buttons) is held and
 * its destination offered to `leave` or `stay`; closing, reloading or leaving for another site gets
 * the browser's own question. Moving within the page (its hash) is never held.
 */
export function useLeaveGuard(active: boolean) {
  const guarding = useRef(active);
  guarding.current = active;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guarding.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarding.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);

  const { location } = blocker;
  return {
    /** Where the person wanted to go, while the question is open. */
    pending:
      blocker.state === "blocked" && location
        ? `${location.pathname}${location.search}${location.hash}`
        : null,
    stay: () => blocker.reset?.(),
    leave: () => {
      guarding.current = false;
      blocker.proceed?.();
    },
  };
}
