/** A demonstration's states (decision 138): booked, or cancelled (by the visitor's link or by staff). */
export const MEETING_STATUSES = ["booked", "cancelled"] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
