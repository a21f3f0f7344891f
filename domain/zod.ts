import { z } from "zod";

// Validation messages reach visitors and operators in Portuguese (the product's language).
z.config(z.locales.pt());

export { z };
