import { LEAD_PRIORITIES } from "../lead-status.ts";
import { z } from "../zod.ts";

/**
 * The form definition of spec B §3.4: a content document per form (content/data/form-{key}.json),
 * validated here and shared by the browser (rendering, live validation, live temperature) and the
 * server (validating again and computing the temperature it trusts).
 */

export const FORM_TYPES = [
  "lead_capture_qualified",
  "partner_lead",
  "contact_message",
  "trial_signup",
  "newsletter_subscription",
  "whatsapp_chat",
] as const;
export type FormType = (typeof FORM_TYPES)[number];

export const FIELD_TYPES = ["text", "email", "tel", "select", "checkbox", "textarea"] as const;

/** Validation rules of B §5.1; parameterised rules carry their number after a colon. */
export const validationRuleSchema = z.union([
  z.enum(["required", "email", "cnpj", "phone"]),
  z.string().regex(/^min_length:\d+$/, "regra min_length:N"),
  z.string().regex(/^min_selections:\d+$/, "regra min_selections:N"),
  z.string().regex(/^(min|max)_digits:\d+$/, "regra min_digits:N ou max_digits:N"),
]);

export const fieldOptionSchema = z.strictObject({
  value: z.string().regex(/^[a-z0-9_-]+$/, "use letras minúsculas, dígitos, '_' ou '-'"),
  label: z.string(),
  description: z.string().optional(),
  icon: z.string().optional(),
  temperature_boost: z.number().optional(),
});

export const fieldSchema = z
  .strictObject({
    name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/),
    type: z.enum(FIELD_TYPES),
    label: z.string(),
    placeholder: z.string().optional(),
    required: z.boolean().default(false),
    /** The field's own text for a missing answer, where the catalogue gives one (A §8: the chat popup). */
    required_message: z.string().min(1).optional(),
    validation: z.array(validationRuleSchema).default([]),
    mask: z.enum(["cnpj", "phone"]).optional(),
    temperature_weight: z.number().optional(),
    maxSelect: z.number().int().positive().optional(),
    rows: z.number().int().positive().optional(),
    description: z.string().optional(),
    /** Which group of the success summary the answer belongs to (B §2.6). */
    group: z.enum(["contato", "empresa", "preferencias", "outros"]).optional(),
    options: z.array(fieldOptionSchema).optional(),
  })
  .refine((f) => !["select", "checkbox"].includes(f.type) || (f.options?.length ?? 0) > 0, {
    message: "campos select e checkbox precisam de opções",
    path: ["options"],
  });

export const stepSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  icon: z.string().optional(),
  type: z.enum(["lead_capture", "qualification", "contact"]),
  fields: z.array(fieldSchema).min(1),
});

const range = z.strictObject({ min: z.number(), max: z.number() });

/** What a level of temperature sets on the lead's issue (B §9.2): priority, hours to answer, nurture. */
const levelAction = z.strictObject({
  priority: z.enum(LEAD_PRIORITIES),
  hours: z.number().positive(),
  nurture: z.boolean(),
});

export const formDefinitionSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/),
    slug: z.string().regex(/^[a-z0-9-]+$/),
    type: z.enum(FORM_TYPES),
    title: z.string(),
    description: z.string().optional(),
    /** Routes that use this form (B §2.2), for the path-to-form routing. */
    routes: z.array(z.string().startsWith("/")).default([]),
    /** Temperature thresholds (B §9.1); absent means "no rules": score 50, warm. */
    temperature_rules: z.strictObject({ cold: range, warm: range, hot: range }).optional(),
    /** Points every submission starts with (the chat score starts at 25, A §4). */
    temperature_base: z.number().default(0),
    /** Points added when the visitor has an analytics session id (clarityId), as the chat score does. */
    temperature_tracking_boost: z.number().default(0),
    /** Priority and response hours per level (B §9.2). */
    actions: z.strictObject({ cold: levelAction, warm: levelAction, hot: levelAction }),
    integrations: z.strictObject({
      jira: z.strictObject({
        enabled: z.boolean(),
        projectKey: z.string().regex(/^[A-Z][A-Z0-9]+$/),
        /** Preferred issue type names, tried before the generic preference list of the form type. */
        issue_types: z.array(z.string()).default([]),
        /** Extra labels on every ticket of this form. */
        labels: z.array(z.string().regex(/^\S+$/)).default([]),
      }),
      webhooks: z.strictObject({ slack: z.boolean(), teams: z.boolean(), backup: z.boolean() }),
      analytics: z.strictObject({ events: z.array(z.string()).default([]) }).optional(),
    }),
    hero: z
      .strictObject({
        title: z.string(),
        subtitle: z.string().optional(),
        description: z.string().optional(),
        benefits: z
          .array(
            z.strictObject({
              icon: z.string().optional(),
              title: z.string(),
              description: z.string().optional(),
            }),
          )
          .default([]),
      })
      .optional(),
    steps: z.array(stepSchema).min(1),
    success: z.strictObject({
      title: z.string(),
      description: z.string(),
      nextSteps: z.array(z.string()).default([]),
      urgentContact: z
        .strictObject({
          title: z.string(),
          subtitle: z.string().optional(),
          phone: z.string(),
          whatsapp: z.string(),
        })
        .optional(),
    }),
    privacy: z.strictObject({
      text: z.string(),
      linkText: z.string(),
      linkUrl: z.string().startsWith("/"),
      /** LGPD: the purpose the visitor consents to, and the version of the text shown (stored with the lead). */
      purpose: z.string(),
      version: z.string(),
    }),
    /** Show the live lead-qualification badge (B §2.6). */
    infolead: z.boolean().default(false),
    debug: z.boolean().default(false),
    /** When false the success screen hides the protocol (B §2.6). */
    logs: z.boolean().default(true),
  })
  .superRefine((form, ctx) => {
    const names = new Set<string>();
    for (const [s, step] of form.steps.entries()) {
      for (const [f, field] of step.fields.entries()) {
        if (names.has(field.name)) {
          ctx.addIssue({
            code: "custom",
            path: ["steps", s, "fields", f, "name"],
            message: `campo repetido: ${field.name}`,
          });
        }
        names.add(field.name);
      }
    }
  });

export type FormDefinition = z.output<typeof formDefinitionSchema>;
export type FormStep = FormDefinition["steps"][number];
export type FormField = FormStep["fields"][number];
export type FieldOption = NonNullable<FormField["options"]>[number];
/** Answers as the form holds them: text for most fields, a list of values for checkboxes. */
export type Answers = Record<string, string | string[]>;
