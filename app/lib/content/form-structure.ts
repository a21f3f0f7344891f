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
  | "text_input";

export interface FieldStructure {
  _ui: UiComponent;
  label: string;
  required: boolean;
  placeholder?: string;
  helperText?: string;
  options?: string[];
  features?: { suffix?: string; prefix?: string; step?: number };
  fullWidth?: boolean;
  /** form_section: the fields of the object; tabbed_form: one entry per variant. */
  fields?: Record<string, FieldStructure>;
  /** card_grid: the structure of one item. */
  template?: FieldStructure;
}

export interface FormStructure {
  file: string;
  header: { _ui: "page_header"; label: string };
  fields: Record<string, FieldStructure>;
}
