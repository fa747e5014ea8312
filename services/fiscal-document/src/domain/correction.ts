import { CORRECAO_MAX, CORRECAO_MIN } from '@erp/contracts';

/**
 * The NF-e correction letter's text (CC-e, event 110110) and what the law forbids it to correct. Pure.
 *
 * Convênio S/Nº de 15/12/1970 art. 7º §1º-A (the text the event's `xCondUso` repeats): a correction letter may not
 * correct I - the figures that determine the tax (base, rate, price difference, quantity, the operation's value),
 * II - registration data that change the sender or the recipient, III - the date of issue or of exit.
 *
 * **Decision (a heuristic, written here and in docs/fiscal-documents.md):** a text that names one of those matters is
 * refused before anything is signed, whatever it says about it; a person rewrites it, or cancels the document and
 * issues another. The match is on whole words, without case or accents: VALORES (valor, valores, preço, R$,
 * desconto), QUANTIDADES (quantidade, qtd, qtde), TRIBUTOS (alíquota, base de cálculo, ICMS, IPI, PIS, COFINS, IBS,
 * CBS, imposto, tributo, CST, CSOSN), PARTES (CNPJ, CPF, razão social: the identity of a party; an address, a
 * phone, the carrier may be corrected), DATAS (data de emissão, data de saída, dhEmi, dhSaiEnt). A false refusal
 * costs a rewording; a false acceptance a letter the tax authority holds void.
 */
export type MateriaVedada = 'VALORES' | 'QUANTIDADES' | 'TRIBUTOS' | 'PARTES' | 'DATAS';

const VEDADAS: readonly [MateriaVedada, RegExp][] = [
  ['VALORES', /(^|[^a-z0-9])(valor|valores|preco|precos|desconto|descontos|vnf|vprod)([^a-z0-9]|$)|r\$/],
  ['QUANTIDADES', /(^|[^a-z0-9])(quantidade|quantidades|qtd|qtde|qcom)([^a-z0-9]|$)/],
  ['TRIBUTOS', /(^|[^a-z0-9])(aliquota|aliquotas|base de calculo|icms|ipi|pis|cofins|ibs|cbs|imposto|impostos|tributo|tributos|cst|csosn)([^a-z0-9]|$)/],
  ['PARTES', /(^|[^a-z0-9])(cnpj|cpf|razao social|idestrangeiro)([^a-z0-9]|$)/],
  ['DATAS', /(^|[^a-z0-9])(data (de|da) (emissao|saida)|dhemi|dhsaient)([^a-z0-9]|$)/],
];

/** The matters a correction names, in the order of the law. */
export function materiasVedadas(texto: string): MateriaVedada[] {
  const comparavel = texto.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return VEDADAS.filter(([, padrao]) => padrao.test(comparavel)).map(([materia]) => materia);
}

/**
 * The text as it is signed: typographic quotes and dashes made plain, spaces collapsed, trimmed; refused (with the
 * reason) when it is not 15-1,000 characters of the layout's character set (Latin-1 printable, `TString`).
 */
export function textoCorrecao(bruto: unknown): { texto: string } | { erro: string } {
  if (typeof bruto !== 'string') return { erro: 'correcao é obrigatória (texto de 15 a 1.000 caracteres)' };
  const texto = bruto
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  if (/[^\x20-\x7e\xa0-\xff]/.test(texto)) return { erro: 'correcao tem caracteres fora do conjunto da NF-e (Latin-1)' };
  if (texto.length < CORRECAO_MIN || texto.length > CORRECAO_MAX) return { erro: `correcao deve ter de ${CORRECAO_MIN} a ${CORRECAO_MAX} caracteres` };
  return { texto };
}
