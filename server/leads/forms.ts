import { type FormDefinition, formDefinitionSchema } from "~/lib/forms/definition.ts";
import { FORM_KEYS, type FormKey } from "~/lib/forms/submission.ts";
import type { ContentService } from "../content/service.ts";

export type { FormKey };

/** Reads form definitions through the content store (so admins' edits apply at once). */
export class FormRegistry {
  constructor(private readonly content: ContentService) {}

  /** The definition in the visitor's language (falls back through the lookup order). */
  async get(
    key: FormKey,
    query: { segment: string | null; lang: string } = { segment: null, lang: "pt" },
  ): Promise<FormDefinition | null> {
    const doc = await this.content.resolve(`form-${key}`, query);
    return doc ? formDefinitionSchema.parse(doc.data) : null;
  }

  async all(query: { segment: string | null; lang: string }): Promise<FormDefinition[]> {
    const forms = await Promise.all(FORM_KEYS.map((key) => this.get(key, query)));
    return forms.filter((f): f is FormDefinition => f !== null);
  }
}
