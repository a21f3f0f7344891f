/** The editor's form description (B §3.9 `form_structure`): what the server derives and the admin editor draws. */

export type UiComponent =
  | "page_header"
  | "form_section"
  | "card_grid"
  | "tabbed_form"
  | "chip_list"
  | "currency_input"
  | "metric_input"
  | "image_upload"
  | "color_picker"
  | "select"
  | "checkbox"
  | "textarea"
  | "text_input"
  /** A map edited as rows of key and value (plan limits, their names): decision 098. */
  | "key_value"
  /** An icon chosen from the site's icon set, with a preview: decision 098. */
  | "icon_picker";

export interface FieldStructure {
  _ui: UiComponent;
  label: string;
  required: boolean;
  placeholder?: string;
  helperText?: string;
  options?: string[];
  /** What each option is called in the editor (its value is what the document stores). */
  optionLabels?: Record<string, string>;
  features?: { suffix?: string; prefix?: string; step?: number };
  fullWidth?: boolean;
  /** form_section: the fields of the object; tabbed_form: one entry per variant. */
  fields?: Record<string, FieldStructure>;
  /** card_grid: the structure of one item; key_value: the structure of one value. */
  template?: FieldStructure;
  /** tabbed_form: the field whose value names the variant ("template", "type"). */
  discriminator?: string;
  /** key_value: what the keys are ("Chave do limite"). */
  keyLabel?: string;
  /** text_input: a value that is a number or a text (a plan limit: 10 or "Ilimitado"). */
  accepts?: "number_or_text";
  /** Drawn under "Avançado", for admins only (decision 132). */
  advanced?: boolean;
}

export interface FormStructure {
  file: string;
  header: { _ui: "page_header"; label: string };
  fields: Record<string, FieldStructure>;
}
