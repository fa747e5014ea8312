import type { EventContracts, RequestContracts } from '@erp/contracts';

/**
 * One full sample of every request, reply and event type of the registry, typed by the registry: when a type
 * gains or changes a field, this file stops compiling; when a schema disagrees with its type, the registry
 * test fails. Every optional and nullable field is filled, so the schemas see the whole shape.
 */
const configuracao = {
  ambiente: 'HOMOLOGAÇÃO',
  seriePadrao: 1,
  series: [1, 2],
  emissaoAutomatica: true,
  timeoutSegundos: 30,
  prazosCancelamento: { nfeHoras: 12, nfceMinutos: null, cteHoras: 168, nfseDias: 30 },
  vencimentos: { icms: { dia: 9, ajuste: 'ANTECIPAR' }, iss: null, cbs: { dia: 20, ajuste: 'PRORROGAR' }, ibs: null, is: null },
  aliquotasReferencia: [{ ano: 2029, cbs: 9, ibsUf: 15, ibsMun: 2.7 }],
  certificadoA1: {
    titular: 'EMPRESA EXEMPLO LTDA:11222333000181',
    cnpj: '11222333000181',
    emissor: 'AC EXEMPLO',
    numeroSerie: '0a1b2c',
    validoDe: '2026-01-01T00:00:00.000Z',
    validoAte: '2027-01-01T00:00:00.000Z',
    diasParaExpirar: 40,
    aviso: null,
  },
  nfse: {
    provedor: 'NACIONAL',
    endpoint: 'https://nfse.example/ws',
    codigoCidade: '3550308',
    inscricaoMunicipal: '12345',
    codigoServico: '01.07',
    codigoServicoNacional: '010701',
    codigoNbs: '115021000',
    descricaoServico: 'Suporte técnico em informática',
    usuario: 'empresa',
    algoritmoAssinatura: 'RSA-SHA1',
    canonicalizacao: 'C14N',
    senhaConfigurada: true,
  },
  empresa: {
    cnpj: '11222333000181',
    razaoSocial: 'Empresa Exemplo Ltda',
    inscricaoEstadual: '110042490114',
    uf: 'SP',
    codigoMunicipio: '3550308',
    regimeTributario: 'SIMPLES_NACIONAL',
    aliquotaDas: 6,
    endereco: { logradouro: 'Rua das Flores', numero: '100', complemento: 'sala 2', bairro: 'Centro', municipio: 'São Paulo', cep: '01001000', telefone: '1133334444' },
    inicioAtividade: '2019-03-01',
  },
  versao: 3,
  atualizadoEm: '2026-11-20T10:00:00.000Z',
} as const;

const identity = {
  id: '6650f1f2a1b2c3d4e5f60718',
  companyId: 'acme',
  nome: 'SIEM',
  prefixo: 'ing_abcdefgh',
  modo: 'UPSERT',
  entidades: ['incidente_seguranca'],
  status: 'ATIVO',
  expiraEm: '2027-01-01T00:00:00.000Z',
} as const;

const failure = { ok: false, codigo: 'ERRO_INTERNO', erro: 'request not handled' } as const;

export const requestSamples: { [S in keyof RequestContracts]: { request: RequestContracts[S]['request']; replies: RequestContracts[S]['reply'][] } } = {
  'token.v1.authenticate': {
    request: { digest: 'a'.repeat(64) },
    replies: [{ ok: true, token: { ...identity, entidades: [...identity.entidades] } }, { ok: false, codigo: 'TOKEN_INVALIDO', erro: 'token não reconhecido' }, failure],
  },
  'directory.v1.users.lookup': {
    request: { companyId: 'acme', emails: ['ana@empresa.com.br'] },
    replies: [{ ok: true, encontrados: ['ana@empresa.com.br'] }, failure],
  },
  'settings.v1.get': {
    request: { companyId: 'acme' },
    replies: [{ ok: true, configuracao: { ...configuracao, series: [...configuracao.series], aliquotasReferencia: configuracao.aliquotasReferencia.map((a) => ({ ...a })) } }, failure],
  },
  'settings.v1.sign': {
    request: { companyId: 'acme', algoritmo: 'RSA-SHA1', dadosBase64: 'AAEC' },
    replies: [{ ok: true, assinaturaBase64: 'AAEC', certificadoBase64: 'AAEC' }, { ok: false, codigo: 'CERTIFICADO_AUSENTE', erro: 'sem certificado' }],
  },
  'settings.v1.transmit': {
    request: {
      companyId: 'acme',
      destino: { tipo: 'SEFAZ', uf: 'SP', ambiente: 'HOMOLOGAÇÃO', modelo: 'NFE', servico: 'NFeStatusServico4', contingencia: false },
      corpo: '<soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body/></soap12:Envelope>',
      soapAction: 'http://nfse.example/ws/RecepcionarLoteRps',
    },
    replies: [
      { ok: true, status: 200, corpo: '<soap:Envelope/>', url: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/nfestatusservico4.asmx', duracaoMs: 120 },
      { ok: false, codigo: 'TEMPO_ESGOTADO', erro: 'sem resposta em 30000 ms' },
      failure,
    ],
  },
  'tax.v1.calculate': {
    request: {
      companyId: 'acme',
      operacoes: [
        {
          tipoDocumento: 'NFE',
          valor: 1000,
          dataOperacao: '2026-11-20',
          regime: 'LUCRO_PRESUMIDO',
          ufOrigem: 'SP',
          ufDestino: 'RJ',
          ncm: '84713012',
          aliquotaIpi: 5,
          cfop: '6102',
          aliquotaIss: 5,
          atividade: 'COMERCIO',
          anexoSimples: 'I',
          receitaBruta12Meses: 300000,
          comprasCreditaveis: 200,
          baseAcumuladaTrimestre: 0,
          receitaAcumuladaAno: 0,
          lucroRealTrimestre: 1500,
          receitaExcedenteAno: 0,
          mercadoriaImportada: false,
          produtoZonaFrancaManaus: false,
          aliquotaIs: 0,
          aliquotaIcmsCompras: 18,
          aliquotaReferenciaCbs: 9,
          aliquotaIbsUf: 16,
          aliquotaIbsMun: 2,
          issRetido: false,
          codigoServico: '01.01',
          exportacaoServico: false,
          inicioAtividade: '2019-03-01',
          receitaBrutaMes: 2000,
          cst: '00',
          aliquotaFcp: 0,
          consumidorFinal: true,
          destinatarioContribuinteIcms: false,
        },
        { tipoDocumento: 'NFE', valor: 500, dataOperacao: '2026-11-20', csosn: '500' },
      ],
    },
    replies: [
      {
        ok: true,
        resultados: [
          {
            regime: 'LUCRO_PRESUMIDO',
            linhas: [
              { tributo: 'ICMS', baseCentavos: 100000, aliquota: 12, valorCentavos: 12000, informativo: false, vencimento: '2026-12-10', fundamento: 'LC 87/1996', naoCalculavel: false, motivo: null },
              { tributo: 'IRPJ', baseCentavos: 0, aliquota: 15, valorCentavos: 0, informativo: false, vencimento: '2027-01-29', fundamento: 'Lei 9.430/1996', naoCalculavel: true, motivo: 'lucro real do trimestre não informado' },
            ],
            totalDevidoCentavos: 12000,
            completo: false,
          },
          {
            regime: 'LUCRO_PRESUMIDO',
            linhas: [
              { tributo: 'ICMS', baseCentavos: 100000, aliquota: 7, valorCentavos: 7000, informativo: false, vencimento: '2026-12-10', fundamento: 'LC 87/1996', naoCalculavel: false, motivo: null },
              { tributo: 'ICMS_UF_DEST', baseCentavos: 100000, aliquota: 20, valorCentavos: 13000, informativo: false, vencimento: '2026-11-20', fundamento: 'EC 87/2015', naoCalculavel: false, motivo: null },
            ],
            totalDevidoCentavos: 20000,
            completo: true,
            difal: {
              baseCentavos: 100000,
              baseFcpCentavos: 0,
              aliquotaFcpDestino: 0,
              aliquotaInternaDestino: 20,
              aliquotaInterestadual: 7,
              percentualPartilhaDestino: 100,
              fcpDestinoCentavos: 0,
              icmsDestinoCentavos: 13000,
              icmsRemetenteCentavos: 0,
            },
          },
        ],
      },
      { ok: false, codigo: 'SIMULACAO_INVALIDA', erro: 'simulação inválida: ncm', campos: [{ campo: 'ncm', regra: 'NCM_INVALIDO', erro: 'NCM tem 8 dígitos' }] },
      failure,
    ],
  },
};

const documento = {
  eventId: 'autorizado:doc-1',
  companyId: 'acme',
  documentoId: 'doc-1',
  referencia: 'PED-1',
  chaveAcesso: '35210320695448000184550010000035891981839923',
  modelo: 'NFE',
  serie: 1,
  numero: 3589,
  valorTotal: 1500.5,
  autorizadoEm: '2026-11-20T10:00:00.000Z',
} as const;

export const eventSamples: { [S in keyof EventContracts]: EventContracts[S] } = {
  'fiscal.v1.ERP_NFE_CANCELADA': {
    ...documento,
    eventId: 'cancelado:doc-1',
    canceladoEm: '2026-11-20T11:00:00.000Z',
    justificativa: 'Erro na digitação do valor do pedido',
    protocoloCancelamento: '135260000000001',
  },
  'fiscal.v1.ERP_DOCUMENTO_AUTORIZADO': {
    ...documento,
    ambiente: 'HOMOLOGAÇÃO',
    emitenteCnpj: '20695448000184',
    destinatarioDocumento: '11222333000181',
    simplesRemessa: false,
    protocolo: '135260000000000',
    impostos: [{ tributo: 'ICMS', valor: 180.06, informativo: false }],
  },
  'fiscal.v1.ERP_NUMERACAO_INUTILIZADA': {
    eventId: 'inutilizacao:acme|HOMOLOGAÇÃO|NFE|1|5-7',
    companyId: 'acme',
    ambiente: 'HOMOLOGAÇÃO',
    emitenteCnpj: '20695448000184',
    modelo: 'NFE',
    serie: 1,
    numeroInicial: 5,
    numeroFinal: 7,
    justificativa: 'Números rejeitados pela SEFAZ e não utilizados',
    protocolo: '135260000000002',
    inutilizadoEm: '2026-11-20T12:00:00.000Z',
    origem: 'AUTOMATICA',
  },
  'erp.v1.pedido.faturado': {
    pedidoId: 'PED-1',
    companyId: 'acme',
    destinatario: {
      documento: '11222333000181',
      nome: 'Cliente Ltda',
      uf: 'SP',
      codigoMunicipio: '3550308',
      inscricaoEstadual: '110042490114',
      endereco: { logradouro: 'Rua Boa Vista', numero: '254', complemento: '4º andar', bairro: 'Centro', municipio: 'São Paulo', cep: '01014000', telefone: '1133334444' },
    },
    itens: [{ codigo: 'P1', descricao: 'Produto', quantidade: 2, valorUnitario: 750.25, unidade: 'UN', ncm: '84713012', cfop: '5102', cst: '00', csosn: '102' }],
    modalidadeFrete: 'EMITENTE',
    faturadoEm: '2026-11-20T09:00:00.000Z',
  },
  'finance.v1.conta-pagar.solicitada': {
    tituloId: 'acme:ICMS:2026-11',
    versao: 1,
    companyId: 'acme',
    simulacaoId: 'sim-1',
    tributo: 'ICMS',
    periodo: '2026-11',
    valorCentavos: 18006,
    vencimento: '2026-12-10',
    competencia: '2026-11',
    credor: 'ESTADO',
    codigoReceita: null,
    solicitadoEm: '2026-11-20T12:00:00.000Z',
  },
  'token.v1.changed': { tokenId: identity.id, companyId: 'acme', digest: 'b'.repeat(64), change: 'REVOGADO', at: '2026-11-20T10:00:00.000Z' },
  'settings.v1.changed': {
    companyId: 'acme',
    versao: 3,
    atualizadoEm: '2026-11-20T10:00:00.000Z',
    configuracao: { ...configuracao, series: [...configuracao.series], aliquotasReferencia: configuracao.aliquotasReferencia.map((a) => ({ ...a })) },
  },
};
