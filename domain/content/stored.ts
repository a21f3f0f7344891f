/**
 * The fixed sets a content document's versions and schedules hold (server/db/schema.ts), shared by the
 * server and the editor's screens. No imports: drizzle-kit reads this file with the schema.
 */

/** Who wrote a version: the shipped files (seed) or staff in the admin. */
export const CONTENT_SOURCES = ["seed", "admin"] as const;
export type ContentSource = (typeof CONTENT_SOURCES)[number];

/** What a scheduled change does when its time comes (decision 100). */
export const SCHEDULE_ACTIONS = ["publish", "unpublish"] as const;
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number];

/** Where a scheduled change stands. */
export const SCHEDULE_STATUSES = ["pending", "done", "cancelled", "failed"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
