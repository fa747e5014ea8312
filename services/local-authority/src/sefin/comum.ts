import { gunzipSync, gzipSync } from 'node:zlib';
import { DOMParser, type Element } from '@xmldom/xmldom';
import type { Cenarios } from '../app/cenarios';
import type { RegistroSefin } from './registro-sefin';
import type { ErroSefin } from './assinatura-sefin';

export const NS_NFSE = 'http://www.sped.fazenda.gov.br/nfse';
export const PACOTE = 'nfse-nacional-1.01' as const;
export const VER_APLIC_SEFIN = 'SefinNacional-local';

/** What a Sefin call gets and gives back: JSON (or nothing), or a dropped connection, after a delay or not. */
export interface SaidaSefin {
  status: number;
  corpo: unknown;
  derrubar: boolean;
  atrasoMs: number;
}

export interface ContextoSefin {
  registro: RegistroSefin;
  cenarios: Cenarios;
  clienteTls: Buffer;
  tls: { key: string; cert: string };
  recebidoEm: Date;
}

export const json = (status: number, corpo: unknown): SaidaSefin => ({ status, corpo, derrubar: false, atrasoMs: 0 });
export const recusa = (erros: ErroSefin[], extra: Record<string, unknown> = {}): SaidaSefin =>
  json(400, { tipoAmbiente: 2, versaoAplicativo: VER_APLIC_SEFIN, dataHoraProcessamento: new Date().toISOString(), erros, ...extra });

export const gzipB64 = (xml: string) => gzipSync(Buffer.from(xml, 'utf8')).toString('base64');

/** The XML of a `…XmlGZipB64` field, or null when it is not gzip + base64 of a text. */
export function deGzipB64(valor: unknown): string | null {
  if (typeof valor !== 'string' || !/^[A-Za-z0-9+/]+=*$/.test(valor)) return null;
  try {
    return gunzipSync(Buffer.from(valor, 'base64')).toString('utf8');
  } catch {
    return null;
  }
}

/** The root element of a well-formed XML, or null. */
export function raizDe(xml: string): Element | null {
  let erro = false;
  const doc = new DOMParser({ onError: (nivel) => void (nivel !== 'warning' && (erro = true)) }).parseFromString(xml, 'text/xml');
  return erro ? null : (doc.documentElement ?? null);
}

export function filhoNfse(pai: Element | null, ...nomes: string[]): Element | null {
  let atual = pai;
  for (const nome of nomes) {
    let achado: Element | null = null;
    for (let no = atual?.firstChild ?? null; no; no = no.nextSibling) {
      if (no.nodeType === 1 && (no as Element).localName === nome) {
        achado = no as Element;
        break;
      }
    }
    atual = achado;
  }
  return atual;
}

export const textoNfse = (pai: Element | null, ...nomes: string[]) => {
  const el = filhoNfse(pai, ...nomes);
  return el ? (el.textContent ?? '').trim() : null;
};

/** `AAAA-MM-DDThh:mm:ss-03:00` (TSDateTimeUTC). */
export const dataHoraSefin = (instante: Date) => `${new Date(instante.getTime() - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;

export const ERRO_SCHEMA = (complemento: string): ErroSefin => ({ codigo: 'E1235', descricao: 'Falha no esquema XML', complemento: complemento.slice(0, 500) });
