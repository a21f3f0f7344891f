import type { Answers } from "./definition.ts";
import type { TemperatureLevel } from "./scoring.ts";
import type { FieldErrors } from "./validation.ts";

/** What happened to the lead at this step, shown with the catalogue's messages (B §8.1). */
export type FlowStatus =
  | { kind: "created" | "created-simulated" | "finished" | "finished-simulated"; key: string }
  | { kind: "create-failed" | "finish-failed" };

/** The state of a multi-step form after the server handled one step (with or without JavaScript). */
export interface FlowResult {
  step: number;
  answers: Answers;
  errors: FieldErrors;
  leadId?: string;
  accessToken?: string;
  protocol?: string;
  /** A fresh key for the next submission of this form. */
  requestKey: string;
  status?: FlowStatus;
  completed?: { protocol: string | null; level: TemperatureLevel | null; responseHours: number | null };
}

/** Message type of a status (B §4.3: info, success, warning, error). */
export function statusTone(status: FlowStatus): "success" | "warning" | "error" {
  switch (status.kind) {
    case "created":
    case "finished":
      return "success";
    case "finish-failed":
      return "error";
    default:
      return "warning";
  }
}
