/** The vendor's name, used where no content document names it (alt texts, fallbacks). */
export const SITE_NAME = "Vértice";
