// Search folding shared by the server's SQL and its tests (docs/decisions/021): accents dropped and ASCII letters
// lowered, so 'Peña' and 'PENA' both read 'pena'. Migration 0007's search_fold() is ONE translate() of the same
// strings plus A-Z to a-z; tests/server/admin-users.test.ts checks both agree on every character listed here.

/** Accented letters of Spanish and the other Latin-1 languages, in the order of FOLD_TO. */
export const FOLD_FROM = 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ';
/** What each letter of FOLD_FROM reads as. */
export const FOLD_TO = 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunnccyyy';

const table = new Map([...FOLD_FROM].map((letter, index) => [letter, FOLD_TO[index] ?? letter]));

/**
 * The folded form of a search text: each accented letter replaced, A-Z lowered, every other character kept (not
 * locale-dependent lowering, so Node and both databases agree on every input).
 */
export function searchFold(text: string): string {
  let folded = '';
  for (const letter of text.normalize('NFC')) {
    const mapped = table.get(letter) ?? letter;
    folded += mapped >= 'A' && mapped <= 'Z' ? mapped.toLowerCase() : mapped;
  }
  return folded;
}
