import { randomInt } from 'node:crypto';
import { sha256Hex, type ModeloDocumento } from '@erp/contracts';
import { anoMesBrasilia, cUfFromSigla, modulo11Digit } from '@erp/fiscal-rules';

/**
 * The 44-character access key of NF-e, NFC-e and CT-e (MOC NF-e 5.4 / MOC CT-e 4.00 §7.3):
 * cUF(2) + AAMM(4) + CNPJ(14) + mod(2) + serie(3) + numero(9) + tpEmis(1) + cNF(8) + DV(1).
 * Positions 7-18 may be letters since the alphanumeric CNPJ (NT Conjunta 2025.001), so the check digit works
 * on ASCII-48 values (`0`..`9` -> 0..9, `A` -> 17 ... `Z` -> 42), which leaves an all-digit key unchanged.
 */
export const CODIGO_MODELO: Record<Exclude<ModeloNumeracao, 'NFSE'>, string> = { NFE: '55', NFCE: '65', CTE: '57', CTEOS: '67' };

/**
 * The model a document is numbered and keyed under: the spec's models, and `CTEOS` for a CT-e OS (model 67), which is
 * `modelo: CTE` with its `cteOs` group (docs/cte.md) but has its own numbering and key model (MOC CT-e: per model and
 * series).
 */
export type ModeloNumeracao = ModeloDocumento | 'CTEOS';
export const modeloNumeracao = (doc: { modelo: ModeloDocumento; cteOs?: unknown }): ModeloNumeracao => (doc.modelo === 'CTE' && doc.cteOs ? 'CTEOS' : doc.modelo);

/** tpEmis 1: normal emission (contingency modes change the key and are not issued here). */
export const TP_EMIS_NORMAL = '1';

const CHAVE = /^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/;

/**
 * Mod-11 over ASCII-48 values, weights 2..9 repeating from the right; a remainder of 0 or 1 gives 0: the CNPJ's
 * own check digit rule (one implementation, in @erp/fiscal-rules).
 */
export function digitoVerificador(semDigito: string): number {
  return modulo11Digit(semDigito, 9);
}

/** Whether a 44-character key has the layout and its check digit. */
export function chaveValida(chave: string): boolean {
  return CHAVE.test(chave) && digitoVerificador(chave.slice(0, 43)) === Number(chave[43]);
}

/** The model code (`55`, `65`, `57`) inside a key. */
export function modeloDaChave(chave: string): string {
  return chave.slice(20, 22);
}

/**
 * cNF values SEFAZ rejects with 897 (NT 2019.001, RV B03-10): equal to the number, eight equal digits, or
 * one of the ascending runs.
 */
const CNF_PROIBIDOS = new Set([
  ...Array.from({ length: 10 }, (_, d) => String(d).repeat(8)),
  '12345678',
  '23456789',
  '34567890',
  '45678901',
  '56789012',
  '67890123',
  '78901234',
  '89012345',
  '90123456',
  '01234567',
]);

export function cnfValido(cnf: string, numero: number): boolean {
  return /^[0-9]{8}$/.test(cnf) && !CNF_PROIBIDOS.has(cnf) && Number(cnf) !== numero;
}

/**
 * A sequence of numbers 0 <= x < 1 drawn from a seed (SHA-256 of seed and position): the key's random part is
 * drawn once, as a seed stored with the document's claim, so whoever finishes the document (its author, a retry,
 * the reconciliation, on any replica) builds the same key, and SEFAZ sees one document, not two keys for one number.
 */
export function sorteioDaSemente(semente: string): () => number {
  let posicao = 0;
  return () => {
    posicao += 1;
    return Number.parseInt(sha256Hex(`${semente}:${posicao}`).slice(0, 12), 16) / 2 ** 48;
  };
}

/** A random cNF SEFAZ accepts; `aleatorio` returns 0 <= x < 1 (crypto-backed in the service). */
export function gerarCnf(numero: number, aleatorio: () => number): string {
  for (;;) {
    const cnf = String(Math.floor(aleatorio() * 100_000_000)).padStart(8, '0');
    if (cnfValido(cnf, numero)) return cnf;
  }
}

/** `AAMM` of an instant in Brasília time (UTC-3 all year since 2019): the month of `dhEmi`. */
export function aammBrasilia(instante: Date): string {
  const { ano, mes } = anoMesBrasilia(instante);
  return `${String(ano % 100).padStart(2, '0')}${String(mes).padStart(2, '0')}`;
}

export interface PartesChave {
  cUF: string;
  emitidoEm: Date;
  cnpj: string;
  modelo: Exclude<ModeloNumeracao, 'NFSE'>;
  serie: number;
  numero: number;
  cnf: string;
}

export function montarChave(p: PartesChave): string {
  const base =
    p.cUF +
    aammBrasilia(p.emitidoEm) +
    p.cnpj.padStart(14, '0') +
    CODIGO_MODELO[p.modelo] +
    String(p.serie).padStart(3, '0') +
    String(p.numero).padStart(9, '0') +
    TP_EMIS_NORMAL +
    p.cnf;
  return base + String(digitoVerificador(base));
}

/** What the key of a document is made of (a stored document, or one about to be numbered). */
export interface DocumentoChaveavel {
  modelo: ModeloDocumento;
  serie: number;
  emitidoEm: Date;
  emitenteCnpj: string;
  emitenteUf: string;
  emitenteMunicipio: string;
  /** The key's random seed drawn at the claim; absent on documents claimed before it existed. */
  sementeChave?: string;
  /** A CT-e OS: keyed under model 67. */
  cteOs?: unknown;
}

/** The access key of a document under `numero`; its random part comes from the seed drawn at the claim. */
export function chaveDoDocumento(doc: DocumentoChaveavel, numero: number): string {
  const aleatorio = doc.sementeChave ? sorteioDaSemente(doc.sementeChave) : () => randomInt(0, 1_000_000_000) / 1_000_000_000;
  // The NFS-e key is Sefin Nacional's (generated when it issues the NFS-e, docs/nfse.md), never ours.
  if (doc.modelo === 'NFSE') throw new Error('the NFS-e key comes from Sefin Nacional');
  return montarChave({ cUF: cUfFromSigla(doc.emitenteUf)!, emitidoEm: doc.emitidoEm, cnpj: doc.emitenteCnpj, modelo: modeloNumeracao(doc) as Exclude<ModeloNumeracao, 'NFSE'>, serie: doc.serie, numero, cnf: gerarCnf(numero, aleatorio) });
}
