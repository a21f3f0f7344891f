/**
 * The shape of the refusal catalogue (decision 115): each concern words its refusals once, in
 * Portuguese and in English, by code. A wording is a sentence, or a function of the refusal's
 * arguments.
 */

export type Wording = string | ((...args: never[]) => string);
export type Wordings = Record<string, Wording>;

/** The arguments a wording takes: none for a sentence. */
export type ArgumentsOf<W> = W extends (...args: infer A) => string ? A : [];

type SameArguments<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * What the English wordings must be: one for every Portuguese code, taking exactly its arguments
 * (a function type alone would let a wording that ignores an argument through), and no code of its own.
 */
type EnglishOf<P extends Wordings, E> = {
  [C in keyof P]: C extends keyof E
    ? SameArguments<ArgumentsOf<P[C]>, ArgumentsOf<E[C]>> extends true
      ? E[C]
      : { takesThePortugueseArguments: ArgumentsOf<P[C]> }
    : (...args: ArgumentsOf<P[C]>) => string;
} & { [C in Exclude<keyof E, keyof P>]: { hasNoPortugueseWording: C } };

/** One concern's refusals, in both languages; a code missing in English, or with other arguments, does not compile. */
export function refusalPart<P extends Wordings, E extends Wordings>(words: {
  pt: P;
  en: E & EnglishOf<P, E>;
}): { pt: P; en: E } {
  return words;
}
