import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router aborts a revalidation or a navigation that a newer one replaces (a click while an
// action's revalidation is still loading). With single fetch the aborted request can reject where
// nothing awaits it (remix-run/react-router#14203, still open in 7.18), and the console shows
// "Uncaught (in promise) AbortError: signal is aborted without reason" on a page that works. Only
// that rejection is answered here; any other reaches the console as before.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
