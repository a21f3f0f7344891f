import { PLAN_ID_MAX_LENGTH, PLAN_ID_PATTERN } from "./plan-id.ts";
import { z } from "./zod.ts";

/* The plans document's schema (A §3), apart from the display rules so the browser bundle needs no zod. */
const price = z.number().nonnegative();
const text = z.string().min(1);

export const planSchema = z.strictObject({
  id: z.string().max(PLAN_ID_MAX_LENGTH).regex(PLAN_ID_PATTERN, "use letras minúsculas, dígitos e hífens"),
  name: text,
  description: z.string(),
  popular: z.boolean().default(false),
  monthly_price: price,
  annual_price: price,
  /** Numeric limits ('Até N {label}'), text limits ('Ilimitado', or shown as written) and img_ keys (not listed). */
  limits: z.record(z.string().min(1), z.union([z.number().nonnegative(), text])),
  features: z.strictObject({ basic: z.array(text) }),
});

export const plansDataSchema = z
  .strictObject({
    title: text,
    subtitle: z.string(),
    toggle: z.strictObject({ monthly: text, annual: text, savings: z.string() }),
    limits_labels: z.record(z.string().min(1), text),
    features_title: z.string(),
    popular_badge: text,
    cta_button: text,
    annual_savings_text: z.string(),
    monthly_billing_text: z.string(),
    plans: z.array(planSchema).min(1),
  })
  .superRefine((data, ctx) => {
    const seen = new Set<string>();
    data.plans.forEach((plan, index) => {
      if (seen.has(plan.id)) {
        ctx.addIssue({ code: "custom", path: ["plans", index, "id"], message: `id repetido "${plan.id}"` });
      }
      seen.add(plan.id);
    });
  });
