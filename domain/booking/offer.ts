/** A demonstration's slots as a success screen receives them (decision 138): whose, and which. */
export interface DemoOffer {
  seller: string;
  /** The earliest first, as ISO instants. */
  slots: { start: string; end: string }[];
}
