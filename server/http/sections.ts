import type { AppLoadContext } from "react-router";
import type { SectionContext } from "../content/load.ts";

/**
 * How a route's loader loads its sections: through the content services, and a section that ends
 * in the error state marks the request's page so the page cache answers it but never keeps it.
 */
export function sectionsFor(context: AppLoadContext): SectionContext {
  return {
    services: context.services,
    onFailure: () => {
      if (context.page) context.page.failed = true;
    },
  };
}
