import type { Element } from '@xmldom/xmldom';

/** Reading the NF-e namespace's elements with xmldom, the same few ways everywhere. */
export const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';
export const NS_DSIG = 'http://www.w3.org/2000/09/xmldsig#';

/** The element children of `pai` (no text, no comments). */
export function filhos(pai: Element): Element[] {
  const lista: Element[] = [];
  for (let no = pai.firstChild; no; no = no.nextSibling) if (no.nodeType === 1) lista.push(no as Element);
  return lista;
}

/** The first child element named `nome` (local name), or null. */
export function filho(pai: Element | null | undefined, nome: string): Element | null {
  if (!pai) return null;
  return filhos(pai).find((e) => e.localName === nome) ?? null;
}

/** Follows a path of child names (`['total', 'ICMSTot']`). */
export function caminho(pai: Element | null | undefined, nomes: readonly string[]): Element | null {
  let atual: Element | null = pai ?? null;
  for (const nome of nomes) atual = filho(atual, nome);
  return atual;
}

/** The text of a child (or of a path of children), trimmed; null when absent. */
export function texto(pai: Element | null | undefined, ...nomes: string[]): string | null {
  const el = caminho(pai, nomes);
  return el ? (el.textContent ?? '').trim() : null;
}

/** The first descendant element named `nome` in the NF-e namespace, or null. */
export function descendente(pai: Element, nome: string, ns = NS_NFE): Element | null {
  return pai.getElementsByTagNameNS(ns, nome).item(0);
}

/**
 * A decimal of the layout (`TDec_1302`: `0`, `12`, `12.34`) as an integer in units of 10^-casas, without binary
 * floating point. The schema has already checked the format; null when absent.
 */
export function decimal(valor: string | null, casas = 2): number | null {
  if (valor === null || valor === '') return null;
  const negativo = valor.startsWith('-');
  const [inteira, fracao = ''] = (negativo ? valor.slice(1) : valor).split('.');
  const n = Number(inteira) * 10 ** casas + Number(fracao.padEnd(casas, '0').slice(0, casas) || '0');
  return negativo ? -n : n;
}

/** Money in centavos (absent = 0, as a sum over items treats it). */
export const centavos = (valor: string | null) => decimal(valor) ?? 0;

/** Centavos as the layout writes them (`1234.56`), for messages. */
export function reais(valor: number): string {
  const sinal = valor < 0 ? '-' : '';
  const abs = Math.abs(valor);
  return `${sinal}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
