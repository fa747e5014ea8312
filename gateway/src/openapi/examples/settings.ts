import type { OperationExamples } from '.';

/** The fiscal settings' examples: a company of the Simples Nacional in São Paulo, NFS-e on the city's ABRASF service. */

/** The city's ABRASF web service as the PUT below sends it and the settings keep it. */
const NFSE_PREFEITURA = {
  provedor: 'ABRASF_2_04',
  endpoint: 'https://nfse.prefeitura.example.gov.br/ws',
  codigoCidade: '3550308',
  inscricaoMunicipal: '1234567',
  codigoServico: '01.07',
  usuario: 'usuario-ws',
};

/** What the settings answer after the PUT below and on a later GET: secrets masked, digits without punctuation. */
const CONFIGURACAO_GRAVADA = {
  sucesso: true,
  dados: {
    ambiente: 'PRODUÇÃO',
    seriePadrao: 2,
    series: [1, 2, 5],
    emissaoAutomatica: true,
    timeoutSegundos: 45,
    prazosCancelamento: { nfeHoras: null, nfceMinutos: null, cteHoras: null, nfseDias: null },
    vencimentos: { icms: null, iss: null, cbs: null, ibs: null, is: null },
    aliquotasReferencia: [],
    certificadoA1: null,
    nfse: {
      ...NFSE_PREFEITURA,
      codigoServicoNacional: '010701',
      codigoNbs: null,
      algoritmoAssinatura: 'RSA-SHA1',
      canonicalizacao: 'C14N',
      descricaoServico: 'Suporte técnico em informática, inclusive instalação, configuração e manutenção de programas de computação e bancos de dados.',
      senha: '••••••••',
    },
    empresa: {
      cnpj: '11222333000181',
      razaoSocial: 'Empresa de Teste Ltda',
      inscricaoEstadual: '110042490114',
      uf: 'SP',
      codigoMunicipio: '3550308',
      regimeTributario: 'SIMPLES_NACIONAL',
      aliquotaDas: 7.5,
      endereco: null,
      inicioAtividade: null,
    },
    versao: 1,
    atualizadoEm: '2026-11-27T17:10:37.798Z',
  },
};

export const SETTINGS_EXAMPLES: Record<string, OperationExamples> = {
  'GET /api/erp/faturamento/configuracao': {
    answers: {
      200: CONFIGURACAO_GRAVADA,
    },
  },
  'PUT /api/erp/faturamento/configuracao': {
    request: {
      configuracao: {
        summary: 'Produção, séries 1, 2 e 5, empresa do Simples Nacional (DAS 7,5%), NFS-e ABRASF',
        value: {
          ambiente: 'PRODUÇÃO',
          seriePadrao: 2,
          series: [1, 2, 5],
          emissaoAutomatica: true,
          timeoutSegundos: 45,
          empresa: {
            cnpj: '11.222.333/0001-81',
            razaoSocial: 'Empresa de Teste Ltda',
            inscricaoEstadual: '110.042.490.114',
            uf: 'SP',
            codigoMunicipio: '3550308',
            regimeTributario: 'SIMPLES_NACIONAL',
            aliquotaDas: 7.5,
          },
          nfse: {
            ...NFSE_PREFEITURA,
            senha: 'senha-do-web-service-123',
          },
        },
      },
    },
    answers: {
      200: CONFIGURACAO_GRAVADA,
    },
  },
};
