// @ts-expect-error: plain JavaScript helper shared with `npm start`
import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { prepareDataTemplates } from "./data-templates.ts";

/**
 * Integration and end-to-end tests run the built server: build it first when stale. Then the
 * run's folder of DATA_DIR templates, which the test processes share (removed at the end).
 */
export default function setup() {
  buildIfStale();
  return prepareDataTemplates();
}
