import type { Ambiente, DifalCalculado, IcmsCalculado, Tributo } from '@erp/contracts';
import type { DestinatarioValido, Exportacao, PagamentoValido } from '../../domain/emission-input';

/** What the NF-e / NFC-e XML is built from: the stored document and the company's settings (`nfe-data.ts`). */

export const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';
export const VERSAO_PROCESSO = 'erp-fiscal 1.0';

/** What SEFAZ requires as the recipient's name and the first item's description in homologation (tpAmb 2). */
export const NOME_HOMOLOGACAO = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
export const ITEM_HOMOLOGACAO_NFCE = 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

export interface EnderecoEmitente {
  logradouro: string;
  numero: string;
  complemento: string | null;
  bairro: string;
  codigoMunicipio: string;
  municipio: string;
  uf: string;
  cep: string;
  telefone: string | null;
}

/** One tax of an item as the tax engine computed it (money in centavos, the rate in percent). */
export interface LinhaItem {
  tributo: Tributo;
  baseCentavos: number;
  aliquota: number;
  valorCentavos: number;
  informativo: boolean;
}

/**
 * ICMS charged by substitution earlier in the chain (CST 60 / CSOSN 500): the base, the rate the consumer bears
 * (pST, with the FCP-ST), the substitute's own ICMS of that operation and the value, in centavos and percent (NF-e
 * `vBCSTRet`, `pST`, `vICMSSubstituto`, `vICMSSTRet`).
 */
export interface IcmsStRetido {
  baseCentavos: number;
  aliquota: number;
  valorCentavos: number;
  /** Absent on documents stored before it was collected. */
  icmsSubstitutoCentavos?: number | null;
}

export interface ItemNfe {
  codigo: string;
  descricao: string;
  ncm: string;
  /** The goods' CEST (Convênio ICMS 142/2018) when under ICMS-ST, 7 digits. */
  cest?: string | null;
  cfop: string;
  unidade: string;
  quantidade: number;
  valorUnitario: number;
  valorCentavos: number;
  /** ICMS situation: CST (regime normal) or CSOSN (Simples Nacional). */
  cst: string | null;
  csosn: string | null;
  icmsStRetido?: IcmsStRetido | null;
  /** The DIFAL of an interstate sale to a consumer who is not an ICMS taxpayer (`ICMSUFDest`), from the tax engine. */
  difal?: DifalCalculado | null;
  /** Base reduction, deferral, ICMS-ST and the Simples Nacional credit, from the tax engine. */
  icms?: IcmsCalculado | null;
  impostos: LinhaItem[];
}

/** The technical responsible for the issuing software (`infRespTec`, NT 2018.005), from the platform's configuration. */
export interface ResponsavelTecnico {
  cnpj: string;
  contato: string;
  email: string;
  fone: string;
  /** The CSRT the UF issued to the software's maker, with its id (2 digits); null where no UF issued one. */
  csrt: { id: string; codigo: string } | null;
}

export interface DadosNfe {
  chave: string;
  modelo: 'NFE' | 'NFCE';
  ambiente: Ambiente;
  emitidoEm: Date;
  naturezaOperacao: string;
  emitente: {
    cnpj: string;
    razaoSocial: string;
    inscricaoEstadual: string;
    /** 1 Simples Nacional, 3 regime normal (CRT). */
    crt: '1' | '3';
    endereco: EnderecoEmitente;
  };
  destinatario: DestinatarioValido | null;
  /** NF-e to a recipient abroad: the `exporta` group. */
  exportacao?: Exportacao | null;
  itens: ItemNfe[];
  /** The CT-e of the freight (spec: "the goods NF-e references the CT-e"): `NFref/refCTe`, freight by the issuer. */
  chaveCteReferenciada: string | null;
  /** `modFrete` as issued (absent on documents stored before it was: the rule in `index.ts`). */
  modalidadeFrete?: number | null;
  /** The means of payment (`pag`); absent or null: 99 (outros) for vNF (`payment.ts`). */
  pagamentos?: PagamentoValido[] | null;
  informacoesComplementares: string | null;
  responsavelTecnico: ResponsavelTecnico | null;
  /** NFC-e only: the QR code text and the consultation URL (`infNFeSupl`). */
  qrCode: { url: string; urlChave: string } | null;
}

export const linha = (item: ItemNfe, tributo: Tributo): LinhaItem | null => item.impostos.find((l) => l.tributo === tributo) ?? null;
