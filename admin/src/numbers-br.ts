/** Numbers and codes as a person in Brazil types them, read into what the API takes. */

/**
 * A number as a person in Brazil types it: "1.200,00", "1200,5", "2,5", "1.200" (thousands) and also "1200.50";
 * null when blank, undefined when it is not a number.
 */
export function parseDecimalBR(text: string): number | null | undefined {
  const t = text.replace(/\s|R\$/g, '');
  if (t === '') return null;
  let plain: string | null = null;
  if (t.includes(',')) plain = /^-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/.test(t) ? t.replace(/\./g, '').replace(',', '.') : null;
  else if (/^\d{1,3}(\.\d{3})+$/.test(t)) plain = t.replace(/\./g, '');
  else if (/^-?\d+(\.\d+)?$/.test(t)) plain = t;
  return plain === null ? undefined : Number(plain);
}

/** An NCM or a CFOP typed with its dots ("9401.30.00", "5.102") as the API takes it ("94013000"); anything else as typed. */
export const codeDigits = (text: string) => (/^[\d.\s]+$/.test(text.trim()) ? text.replace(/[.\s]/g, '') : text.trim());
