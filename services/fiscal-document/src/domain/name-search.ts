/**
 * The recipient's name part of a document search as a regular expression that ignores accents and case: "sao"
 * finds "São" and "são" finds "Sao". The typed text is stripped of its accents, its regex characters escaped, and
 * each letter that Portuguese accents becomes the class of its forms (both cases, so it holds whatever the store's
 * regex engine does with case). The expression is matched (with the `i` option) inside the company-led read of the
 * search: it narrows the company's documents, under the read's limit and `maxTimeMS`, as the plain name part did.
 */
const FORMAS: Record<string, string> = {
  a: 'aáàâãäAÁÀÂÃÄ',
  e: 'eéèêëEÉÈÊË',
  i: 'iíìîïIÍÌÎÏ',
  o: 'oóòôõöOÓÒÔÕÖ',
  u: 'uúùûüUÚÙÛÜ',
  c: 'cçCÇ',
  n: 'nñNÑ',
};

const semAcentos = (texto: string): string => texto.normalize('NFD').replace(/\p{M}/gu, '');

export function nomeSemAcentosRegex(texto: string): string {
  return Array.from(semAcentos(texto))
    .map((letra) => {
      const formas = FORMAS[letra.toLowerCase()];
      if (formas) return `[${formas}]`;
      return letra.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
}
