import { ensureDebianTool } from "../../scripts/outside-tools.mjs";
import buildSite from "./global-setup.ts";

/**
 * End-to-end tests drive Debian's Chromium: install it first when missing (and this run may),
 * or stop the run with one line that says how, before any test file starts a server.
 */
export default function setup() {
  ensureDebianTool("chromium");
  return buildSite();
}
