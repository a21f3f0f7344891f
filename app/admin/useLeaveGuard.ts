import { useEffect, useRef } from "react";
import { useBlocker, useLocation } from "react-router";

/**
 * Asks before leaving a page with changes not saved (decision 100): while `active`, any navigation of
 * the router to another page (a link, a form, the browser's back and forward buttons) is held and
 * its destination offered to `leave` or `stay`; closing, reloading or leaving for another site gets
 * the browser's own question. Moving within the page (its hash) is never held.
 */
export function useLeaveGuard(active: boolean) {
  const guarding = useRef(active);
  // Once the person chose to leave, nothing is held until the page has changed: between the address
  // changing and the editor going away, a render would arm the guard again (it is still dirty), and a
  // click on another link in that moment would be held by a question nobody sees.
  const released = useRef(false);
  const location = useLocation();
  guarding.current = active && !released.current;
  useEffect(() => {
    released.current = false;
  }, [location.key]);
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

  const destination = blocker.location;
  return {
    /** Where the person wanted to go, while the question is open. */
    pending:
      blocker.state === "blocked" && destination
        ? `${destination.pathname}${destination.search}${destination.hash}`
        : null,
    stay: () => blocker.reset?.(),
    leave: () => {
      released.current = true;
      guarding.current = false;
      blocker.proceed?.();
    },
  };
}
