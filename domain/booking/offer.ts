/** A demonstration's slots as a success screen receives them (decision 138): whose, and which. */
export interface DemoOffer {
  seller: string;
  /** How long a meeting takes, in minutes (the seller's availability). */
  meetingMinutes: number;
  /** The earliest first, as ISO instants. */
  slots: { start: string; end: string }[];
}
