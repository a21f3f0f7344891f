import { type FormDefinition, formDefinitionSchema } from "@domain/forms/definition.ts";
import { FORM_KEYS, type FormKey } from "@domain/forms/submission.ts";
import type { ContentService } from "../content/service.ts";

export type { FormKey };

/** Reads form definitions through the content store (so admins' edits apply at once). */
export class FormRegistry {
  /**
   * Each stored document's definition, checked once: the content cache hands out the same data
   * object until the document changes or its copy expires, and checking it on every submission and
   * page cost a twentieth of lead intake (decision 085). Frozen, since every caller shares it.
   */
  private readonly parsed = new WeakMap<object, FormDefinition>();

  constructor(private readonly content: ContentService) {}

  /** The definition in the visitor's language (falls back through the lookup order). */
  async get(
    key: FormKey,
    query: { segment: string | null; lang: string } = { segment: null, lang: "pt" },
  ): Promise<FormDefinition | null> {
    const doc = await this.content.resolve(`form-${key}`, query);
    if (!doc) return null;
    const data = doc.data;
    if (typeof data !== "object" || data === null) return formDefinitionSchema.parse(data);
    let form = this.parsed.get(data);
    if (!form) {
      form = deepFreeze(formDefinitionSchema.parse(data));
      this.parsed.set(data, form);
    }
    return form;
  }

  async all(query: { segment: string | null; lang: string }): Promise<FormDefinition[]> {
    const forms = await Promise.all(FORM_KEYS.map((key) => this.get(key, query)));
    return forms.filter((f): f is FormDefinition => f !== null);
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
