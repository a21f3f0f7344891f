/**
 * Where a link goes inside a sentence from content: when the sentence already names the link (a legal
 * text ending "Veja a nossa Política de Privacidade."), that phrase becomes the link; otherwise the link
 * follows the sentence. Case-insensitive, first occurrence.
 */
export function placeLink(
  text: string,
  label: string,
): { before: string; label: string; after: string; inline: boolean } {
  const at = label ? text.toLocaleLowerCase("pt-BR").indexOf(label.toLocaleLowerCase("pt-BR")) : -1;
  if (at < 0) return { before: `${text} `, label, after: "", inline: false };
  return {
    before: text.slice(0, at),
    label: text.slice(at, at + label.length),
    after: text.slice(at + label.length),
    inline: true,
  };
}
