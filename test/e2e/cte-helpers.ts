import { DOMParser, type Element } from '@xmldom/xmldom';
import { validarXml } from '@erp/fiscal-schemas';
import { stackEnv } from '../support/env';
import { DOCUMENTOS, ENDERECO_CLIENTE, referenciaNova } from './fiscal-helpers';

/** What the CT-e end-to-end files share: a CT-e body, and the download of its cteProc checked against the official schema. */
export const NS_CTE = 'http://www.portalfiscal.inf.br/cte';
/** A well-formed NF-e key (model 55, check digit 3): the authority does not look NF-e up. */
export const CHAVE_NFE = '35261111222333000181550010000001231102030403';

export const REMETENTE_SP = {
  documento: '11222333000181',
  nome: 'Remetente Indústria Ltda',
  inscricaoEstadual: '110042490114',
  uf: 'SP',
  codigoMunicipio: '3550308',
  endereco: ENDERECO_CLIENTE,
};

export const DESTINATARIO_RJ = {
  documento: '33000167000101',
  nome: 'Cliente Rio Ltda',
  uf: 'RJ',
  codigoMunicipio: '3304557',
  endereco: { logradouro: 'Rua do Ouvidor', numero: '50', bairro: 'Centro', municipio: 'Rio de Janeiro', cep: '20040030' },
};

/**
 * A CT-e from São Paulo to Rio de Janeiro (CFOP 6353: interstate service to a taxpayer... by the start and end
 * UFs), freight 1,000.00 + toll 50.00 = 1,050.00, the sender pays. `situacao` is `{ cst: '00' }` for a regime-normal
 * carrier, `{ csosn: '102' }` in the Simples Nacional.
 */
export function cteSpRj(chavesNfe: string[], situacao: Record<string, string> = { cst: '00' }, extra: Record<string, unknown> = {}) {
  return {
    referencia: referenciaNova('CTE'),
    modelo: 'CTE',
    destinatario: DESTINATARIO_RJ,
    itens: [
      { codigo: 'FRETE', descricao: 'Frete peso', quantidade: 1, valorUnitario: 1000, cfop: '6353', ...situacao },
      { codigo: 'PEDAGIO', descricao: 'Pedágio', quantidade: 1, valorUnitario: 50, cfop: '6353', ...situacao },
    ],
    chavesNfeTransportadas: chavesNfe,
    cte: {
      tomador: 'REMETENTE',
      remetente: REMETENTE_SP,
      inicio: { codigoMunicipio: '3550308', municipio: 'São Paulo', uf: 'SP' },
      fim: { codigoMunicipio: '3304557', municipio: 'Rio de Janeiro', uf: 'RJ' },
      valorCarga: 12000,
      produtoPredominante: 'Móveis de escritório',
      pesoKg: 350.5,
      rntrc: '12345678',
    },
    ...extra,
  };
}

const el = (raiz: Element, nome: string): Element[] => Array.from({ length: raiz.getElementsByTagNameNS(NS_CTE, nome).length }, (_, i) => raiz.getElementsByTagNameNS(NS_CTE, nome).item(i)!);
export const textoCte = (raiz: Element, nome: string) => el(raiz, nome)[0]?.textContent ?? null;
export const elementosCte = el;

/** Downloads a document's XML through the gateway and checks a cteProc against procCTe_v4.00.xsd. */
export async function cteProcBaixado(usuario: string, id: string, gatewayUrl = stackEnv.gatewayUrl): Promise<{ xml: string; raiz: Element; nome: string | null }> {
  const r = await fetch(`${gatewayUrl}${DOCUMENTOS}/${encodeURIComponent(id)}/xml`, { headers: { authorization: `Bearer ${usuario}` } });
  expect(r.status).toBe(200);
  const xml = await r.text();
  expect(await validarXml('cte-PL_CTe_400_RTC', 'procCTe_v4.00.xsd', xml)).toEqual({ ok: true });
  return { xml, raiz: new DOMParser().parseFromString(xml, 'text/xml').documentElement!, nome: r.headers.get('content-disposition') };
}

/**
 * A CT-e inside São Paulo (CFOP 5353) with one component of `valor` reais, carrying `chaveNfe`: the body the
 * fiscal-document files use where the CT-e itself is not the subject (cancellation, deadlines, lists).
 */
export function cteInterno(chaveNfe: string, situacao: Record<string, string> = { cst: '00' }, valor = 80) {
  const base = cteSpRj([chaveNfe], situacao);
  return {
    ...base,
    destinatario: { ...DESTINATARIO_RJ, documento: '11222333000181', uf: 'SP', codigoMunicipio: '3550308', endereco: ENDERECO_CLIENTE },
    itens: [{ codigo: 'FRETE', descricao: 'Frete', quantidade: 1, valorUnitario: valor, cfop: '5353', ...situacao }],
    cte: { ...base.cte, fim: { codigoMunicipio: '3509502', municipio: 'Campinas', uf: 'SP' } },
  };
}

/** The taker of a CT-e OS (toma): the recipient, a taxpayer in Rio de Janeiro. */
export const TOMADOR_RJ = { ...DESTINATARIO_RJ, inscricaoEstadual: '81234567' };

/**
 * A CT-e OS (model 67, `modelo: CTE` with `cteOs`): a chartered bus São Paulo -> Rio de Janeiro (CFOP 6353), charter
 * 4,000.00 + toll 150.00 = 4,150.00, the recipient is the taker. `situacao` as in `cteSpRj`.
 */
export function cteOsSpRj(situacao: Record<string, string> = { cst: '00' }, extra: Record<string, unknown> = {}) {
  return {
    referencia: referenciaNova('CTEOS'),
    modelo: 'CTE',
    destinatario: TOMADOR_RJ,
    itens: [
      { codigo: 'FRETAMENTO', descricao: 'Fretamento', quantidade: 1, valorUnitario: 4000, cfop: '6353', ...situacao },
      { codigo: 'PEDAGIO', descricao: 'Pedágio', quantidade: 1, valorUnitario: 150, cfop: '6353', ...situacao },
    ],
    cteOs: {
      inicio: { codigoMunicipio: '3550308', municipio: 'São Paulo', uf: 'SP' },
      fim: { codigoMunicipio: '3304557', municipio: 'Rio de Janeiro', uf: 'RJ' },
      descricaoServico: 'Fretamento de ônibus',
      quantidadePassageiros: 40,
      taf: '123456789012',
      placa: 'ABC1D23',
      ufVeiculo: 'SP',
      fretamento: 'EVENTUAL',
    },
    ...extra,
  };
}

/** Downloads a CT-e OS's XML through the gateway and checks its cteOSProc against procCTeOS_v4.00.xsd. */
export async function cteOsProcBaixado(usuario: string, id: string): Promise<{ xml: string; raiz: Element; nome: string | null }> {
  const r = await fetch(`${stackEnv.gatewayUrl}${DOCUMENTOS}/${encodeURIComponent(id)}/xml`, { headers: { authorization: `Bearer ${usuario}` } });
  expect(r.status).toBe(200);
  const xml = await r.text();
  expect(await validarXml('cte-PL_CTe_400_RTC', 'procCTeOS_v4.00.xsd', xml)).toEqual({ ok: true });
  return { xml, raiz: new DOMParser().parseFromString(xml, 'text/xml').documentElement!, nome: r.headers.get('content-disposition') };
}
