// @ts-expect-error: plain JavaScript helper shared with `npm start`
import { buildIfStale } from "../../scripts/build-if-stale.mjs";

/** Integration and end-to-end tests run the built server: build it first when stale. */
export default function setup() {
  buildIfStale();
}
