import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { prepareDataTemplates, stopRunServers } from "./data-templates.ts";
import { dropTemplateDatabase } from "./databases.ts";

/**
 * Integration and end-to-end tests run the built server: build it first when stale. Then the
 * run's folder of DATA_DIR and database templates, which the test processes share (removed at the
 * end, with the PostgreSQL template database when there is one, and the servers test processes
 * kept for their later files).
 */
export default function setup() {
  buildIfStale();
  const removeTemplates = prepareDataTemplates();
  if (!removeTemplates) return undefined;
  return async () => {
    stopRunServers();
    await dropTemplateDatabase();
    removeTemplates();
  };
}
