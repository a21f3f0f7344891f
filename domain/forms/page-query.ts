/** What a multi-step form's page reads from its address: ?anual= (a plan's yearly price) and ?etapa= (the step). */
export interface FormPageQuery {
  annual: boolean;
  /** The step to open, from 0 (?etapa=1 is the first); anything not a whole number from 1 reads as 0. */
  step: number;
}

const ANNUAL_VALUES = ["1", "true", "anual"];

export function readFormPageQuery(params: URLSearchParams): FormPageQuery {
  const etapa = Number(params.get("etapa"));
  return {
    annual: ANNUAL_VALUES.includes(params.get("anual") ?? ""),
    step: Number.isInteger(etapa) && etapa >= 1 ? etapa - 1 : 0,
  };
}

/** The query string of a form page ("" for the plain page), in one spelling (the page cache's key). */
export function formPageSearch(query: FormPageQuery): string {
  const params = new URLSearchParams();
  if (query.annual) params.set("anual", "1");
  if (query.step > 0) params.set("etapa", String(query.step + 1));
  return params.toString();
}
