import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { documentFormToken, FormTokenContext } from "~/lib/forms/form-token.ts";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <FormTokenContext.Provider value={documentFormToken()}>
        <HydratedRouter />
      </FormTokenContext.Provider>
    </StrictMode>,
  );
});
