import type { Plan } from "@domain/plans.ts";
import type { ContentService } from "../content/service.ts";
import type { PlanCatalogue } from "./companies.ts";

/** The plans a company may be on: plans-data at the default level, in Portuguese (ids are shared). */
export function contentPlans(content: ContentService): PlanCatalogue {
  return {
    async plans(): Promise<Plan[]> {
      return (await content.get("plans-data", { segment: null, lang: "pt" }))?.data.plans ?? [];
    },
  };
}
