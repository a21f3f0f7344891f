import type { FlowResult } from "@domain/forms/flow.ts";
import { formTexts } from "@domain/forms/texts.ts";
import { LeadForm, type LeadFormProps } from "~/components/forms/LeadForm.tsx";
import { defineIsland } from "./island.tsx";

type Props = Omit<LeadFormProps, "texts" | "flow"> & {
  /** The server's state after a no-JavaScript post (the action's data). */
  posted?: FlowResult;
  /** The step the address asks for (`?etapa=`). */
  initialStep: number;
};

/**
 * A multi-step lead form. The page is the same for every visitor (decision 122): its request keys
 * are made at the first send, and a post without JavaScript gets its key from the server.
 */
export default function LeadFormIsland({ posted, initialStep, ...props }: Props) {
  const flow =
    posted ?? (initialStep > 0 ? { step: initialStep, answers: {}, errors: {}, requestKey: "" } : undefined);
  return <LeadForm {...props} texts={formTexts(props.language)} flow={flow} />;
}

export const LeadFormPart = defineIsland("lead-form", LeadFormIsland);
