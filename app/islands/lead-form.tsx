import { LeadForm, type LeadFormProps } from "~/components/forms/LeadForm.tsx";
import type { FlowResult } from "~/lib/forms/flow.ts";
import { useFormToken } from "~/lib/forms/form-token.ts";
import { formTexts } from "~/lib/forms/texts.ts";
import { defineIsland } from "./island.tsx";

type Props = Omit<LeadFormProps, "texts" | "formToken" | "requestKey" | "flow"> & {
  /** The server's state after a no-JavaScript post (the action's data). */
  posted?: FlowResult;
  /** The step the address asks for (`?etapa=`). */
  initialStep: number;
};

/**
 * A multi-step lead form. The document's token, spliced fresh into every copy the page cache serves,
 * is also the first submission's request key: unique per page view, as a no-JavaScript post needs
 * (decision 106).
 */
export default function LeadFormIsland({ posted, initialStep, ...props }: Props) {
  const formToken = useFormToken();
  const flow =
    posted ??
    (initialStep > 0 ? { step: initialStep, answers: {}, errors: {}, requestKey: formToken } : undefined);
  return (
    <LeadForm
      {...props}
      texts={formTexts(props.language)}
      formToken={formToken}
      requestKey={formToken}
      flow={flow}
    />
  );
}

export const LeadFormPart = defineIsland("lead-form", LeadFormIsland);
