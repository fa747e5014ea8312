import type { Ambiente, EnderecoEmpresa } from '@erp/contracts';
import type { DadosCte, DadosCteOs } from '../../domain/emission-input';
import type { DestinatarioValido } from '../../domain/emission-input';
import type { ImpostoDocumento } from '../../domain/taxes';

export const NS_CTE = 'http://www.portalfiscal.inf.br/cte';
/** SEFAZ's mandatory name of the sender and recipient of a CT-e issued in homologation (rejections 646 / 649). */
export const NOME_HOMOLOGACAO_CTE = 'CT-E EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
export const VERSAO_PROCESSO_CTE = 'erp-fiscal-cte 1.0';

/** Everything the CT-e XML is made of: pure data from the stored document and the company's settings. */
export interface DadosXmlCte {
  chave: string;
  ambiente: Ambiente;
  emitidoEm: Date;
  emitente: {
    cnpj: string;
    razaoSocial: string;
    inscricaoEstadual: string;
    /** TCRT: 1 Simples Nacional, 3 regime normal. */
    crt: '1' | '3';
    endereco: EnderecoEmpresa & { codigoMunicipio: string; uf: string };
  };
  destinatario: DestinatarioValido;
  cte: DadosCte;
  /** The components of the service value (`vPrest/Comp`): the document's items. */
  componentes: { nome: string; valorCentavos: number }[];
  valorPrestacaoCentavos: number;
  /** The ICMS situation of the service: a CST (regime normal) or null (Simples Nacional: ICMSSN). */
  cst: string | null;
  impostos: ImpostoDocumento[];
  chavesNfe: string[];
  qrCode: string;
}

/** The CT-e OS (model 67): the same issuer, values and taxes; the taker (`toma`) is the recipient; no cargo, no NF-e. */
export interface DadosXmlCteOs extends Omit<DadosXmlCte, 'cte' | 'chavesNfe'> {
  cteOs: DadosCteOs;
}
