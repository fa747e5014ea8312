import type { NfseSemSegredo, ParametrosFiscais } from '@erp/contracts';

/** The non-secret settings of a company, as validated and kept. Secrets live beside them, encrypted. */
export interface Configuracao extends ParametrosFiscais {
  /** `descricaoServico` is not kept: it is looked up from `codigoServico` whenever the settings are shown. */
  nfse: Omit<NfseSemSegredo, 'descricaoServico'>;
}

const SERIE_PADRAO = 1;
const TIMEOUT_PADRAO_SEGUNDOS = 30;
export const TIMEOUT_LIMITES = { min: 5, max: 120 } as const;
/** NF-e `serie` is 0-999 (layout 4.00). */
export const SERIE_LIMITES = { min: 0, max: 999 } as const;
export const MAX_SERIES = 50;
export const ALIQUOTA_DAS_PADRAO = 6;
/** Largest .pfx accepted; real A1 files with their chain are a few KiB. */
export const CERTIFICADO_MAX_BYTES = 64 * 1024;

/** What a company that saved nothing gets: the spec's defaults, everything else unset. */
export function configuracaoPadrao(): Configuracao {
  return {
    ambiente: 'HOMOLOGAÇÃO',
    seriePadrao: SERIE_PADRAO,
    series: [SERIE_PADRAO],
    emissaoAutomatica: false,
    timeoutSegundos: TIMEOUT_PADRAO_SEGUNDOS,
    prazosCancelamento: { nfeHoras: null, nfceMinutos: null, cteHoras: null, nfseDias: null },
    vencimentos: { icms: null, iss: null, cbs: null, ibs: null, is: null },
    aliquotasReferencia: [],
    empresa: {
      cnpj: null,
      razaoSocial: null,
      inscricaoEstadual: null,
      uf: null,
      codigoMunicipio: null,
      regimeTributario: null,
      aliquotaDas: null,
      endereco: null,
      inicioAtividade: null,
    },
    nfse: {
      provedor: null,
      endpoint: null,
      codigoCidade: null,
      inscricaoMunicipal: null,
      codigoServico: null,
      codigoServicoNacional: null,
      codigoNbs: null,
      usuario: null,
      algoritmoAssinatura: 'RSA-SHA1',
      canonicalizacao: 'C14N',
    },
  };
}
