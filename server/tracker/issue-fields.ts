import type { AdfDocument } from "./adf.ts";

/**
 * The fields the product writes on its Jira issues (a lead's, a support ticket's, a plan request's),
 * declared once: the client's types follow (jira-client.ts), so do the fields an edit may send, the
 * fields a lead's erasure must blank (erasure.ts: a personal field it does not blank does not
 * compile), and the create and edit screens of the tests' Jira (tests/fakes/jira.ts), as the
 * project's screens in Jira must carry them (docs/operations.md). A new field is an entry here and
 * its value in the issue builder that knows it.
 */
const field = <T>(rules: FieldRules): FieldRules & { readonly value?: T } => rules;

interface FieldRules {
  /** Set at creation only (the project, the type). */
  readonly createOnly?: true;
  /** Every create sends it. */
  readonly required?: true;
  /** It may hold what a visitor wrote: a lead's erasure replaces it (LGPD, decision 111). */
  readonly personal?: true;
}

export const ISSUE_FIELDS = {
  project: field<{ key: string }>({ createOnly: true, required: true }),
  issuetype: field<{ id: string }>({ createOnly: true, required: true }),
  summary: field<string>({ required: true, personal: true }),
  description: field<AdfDocument>({ required: true, personal: true }),
  priority: field<{ name: string }>({}),
  labels: field<string[]>({}),
  /** "YYYY-MM-DD" (a date, no time: Jira's due date). */
  duedate: field<string | null>({}),
  /** The Jira account that must act on the issue; null leaves it unassigned. */
  assignee: field<{ accountId: string } | null>({}),
};

type Fields = typeof ISSUE_FIELDS;
type ValueOf<K extends keyof Fields> = NonNullable<Fields[K]["value"]> | Extract<Fields[K]["value"], null>;
type RequiredField = { [K in keyof Fields]: Fields[K] extends { required: true } ? K : never }[keyof Fields];

/** An issue's fields at creation. */
export type IssueFields = { [K in RequiredField]: ValueOf<K> } & {
  [K in Exclude<keyof Fields, RequiredField>]?: ValueOf<K>;
};

/** The fields an edit may send. */
export type EditableField = {
  [K in keyof Fields]: Fields[K] extends { createOnly: true } ? never : K;
}[keyof Fields];
export type IssueEdit = Partial<Pick<IssueFields, EditableField>>;

/** The fields that may hold personal data. */
export type PersonalField = {
  [K in keyof Fields]: Fields[K] extends { personal: true } ? K : never;
}[keyof Fields];

const names = Object.keys(ISSUE_FIELDS) as (keyof Fields)[];
const rules = (name: keyof Fields): FieldRules => ISSUE_FIELDS[name];
export const CREATE_FIELD_NAMES: readonly string[] = names;
export const EDIT_FIELD_NAMES: readonly string[] = names.filter((name) => !rules(name).createOnly);
