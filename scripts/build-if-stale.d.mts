// Types of build-if-stale.mjs for the TypeScript code that uses it.
/** The project's root folder. */
export const root: string;
/** What the build is made of: a change to any of them makes the build stale. */
export const BUILD_SOURCES: readonly string[];
/** Builds the site when the build is missing or older than its sources. */
export function buildIfStale(options?: { quiet?: boolean }): void;
