import { gql } from '@erp/kit';
import { PRESUNCOES } from '../domain';

/**
 * The tax-simulation subgraph. Money is Float reais converted at the edge from the engine's integer centavos;
 * rates are Float percent. `ModeloDocumento` is declared identically by the fiscal-document subgraph, and
 * federation merges identical enums. Input numbers and codes are typed loosely where the engine has a rule
 * (`anexoSimples`, `atividade`, UFs, NCM), so every broken rule comes back at once as `SIMULACAO_INVALIDA` with
 * `campos` instead of one GraphQL coercion error at a time.
 */
export const typeDefs = gql`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7")

  "Data e hora ISO-8601 (ex.: 2026-12-31T23:59:59Z)."
  scalar DateTime

  enum ModeloDocumento {
    NFE
    NFCE
    CTE
    NFSE
  }

  enum RegimeTributario {
    SIMPLES_NACIONAL
    LUCRO_PRESUMIDO
    LUCRO_REAL
  }

  "Uma parte de uma linha que não é uma só base vezes uma só alíquota (por exemplo o crédito das compras)."
  type ComponenteLinhaSimulacao {
    descricao: String!
    base: Float!
    aliquota: Float!
    "Negativo para um crédito."
    valor: Float!
  }

  type LinhaSimulacao {
    "DAS, PIS, COFINS, CSLL, IRPJ, ICMS, IPI, ISS, CBS, IBS_UF, IBS_MUN ou IS."
    tributo: String!
    "Reais."
    base: Float!
    "Percentual."
    aliquota: Float!
    "Reais."
    valor: Float!
    "Mostrada, não paga pela empresa (teste de 2026, ISS dentro do DAS, ISS retido pelo tomador)."
    informativo: Boolean!
    "AAAA-MM-DD; nulo quando nada se paga à parte ou o prazo não está definido."
    vencimento: String
    fundamento: String!
    "A lei pede um número que a entrada não trouxe: valor 0, fora do total."
    naoCalculavel: Boolean!
    motivo: String
    "ISS retido na fonte e pago pelo tomador do serviço (entrada issRetido): informativa, nunca vira título."
    retidoPeloTomador: Boolean!
    componentes: [ComponenteLinhaSimulacao!]!
  }

  "Uma parte do DAS por tributo (partilha do anexo da LC 123)."
  type ParcelaDas {
    tributo: String!
    aliquota: Float!
    valor: Float!
    "Centavos (em reais) somados ou tirados para as partes fecharem com o DAS."
    residuo: Float!
  }

  type TituloPagar {
    "simulacaoId:tributo"
    id: ID!
    tributo: String!
    valor: Float!
    "AAAA-MM-DD."
    vencimento: String!
    "AAAA-MM: o mês da operação."
    competencia: String!
    "UNIAO, ESTADO ou MUNICIPIO."
    credor: String!
    "Código de receita do DARF, quando há um (nulo para DAS, tributos estaduais e municipais, e onde não se sabe)."
    codigoReceita: String
  }

  type SimulacaoImposto {
    id: ID!
    tipoDocumento: ModeloDocumento!
    regime: RegimeTributario!
    "AAAA-MM-DD."
    dataOperacao: String!
    valor: Float!
    linhas: [LinhaSimulacao!]!
    totalDevido: Float!
    "Percentual: totalDevido / valor."
    cargaEfetiva: Float!
    "Falso quando uma linha não pôde ser calculada: o total é então um piso."
    completo: Boolean!
    criadaEm: DateTime!
    provisionada: Boolean!
    titulos: [TituloPagar!]!
    """
    Tributos a pagar ainda sem título por falta de vencimento (CBS, IBS e IS a partir de 2027, sem prazo em norma
    vigente): viram título num novo provisionamento depois que a empresa informar o dia nas configurações fiscais.
    """
    pendentesDeVencimento: [String!]!
    partilhaDas: [ParcelaDas!]
    avisos: [String!]!
    premissas: [String!]!
    "O mesmo id nas três simulações de uma comparação de regimes."
    comparacaoId: ID
  }

  type ConexaoSimulacoes {
    itens: [SimulacaoImposto!]!
    "Cursor para 'depois' na próxima página; nulo na última."
    proximo: String
  }

  input SimularImpostosInput {
    tipoDocumento: ModeloDocumento!
    "Reais, até 2 casas."
    valor: Float!
    "AAAA-MM-DD; padrão: hoje (America/Sao_Paulo)."
    dataOperacao: String
    "Padrão: o regime das configurações fiscais da empresa."
    regime: RegimeTributario
    ufOrigem: String
    ufDestino: String
    ncm: String
    aliquotaIpi: Float
    cfop: String
    aliquotaIss: Float
    "Classe de presunção do lucro presumido: ${Object.keys(PRESUNCOES).join(', ')}; padrão: SERVICOS na NFS-e, MERCADORIAS na NF-e e NFC-e, TRANSPORTE_CARGA no CT-e."
    atividade: String
    "I, II, III, IV ou V."
    anexoSimples: String
    receitaBruta12Meses: Float
    comprasCreditaveis: Float
    baseAcumuladaTrimestre: Float
    receitaAcumuladaAno: Float
    lucroRealTrimestre: Float
    """
    Reais: a parte de receitaAcumuladaAno que já teve a presunção acrescida pela LC 224/2025 (acima da folga de um
    trimestre anterior ou de R$ 5 milhões no ano); padrão 0. Dela depende a folga que resta a esta operação.
    """
    receitaExcedenteAno: Float
    mercadoriaImportada: Boolean
    produtoZonaFrancaManaus: Boolean
    "Imposto Seletivo, percentual (2027 em diante)."
    aliquotaIs: Float
    "ICMS das compras, percentual; padrão: a alíquota interna da UF de origem."
    aliquotaIcmsCompras: Float
    """
    Alíquota de referência da CBS do ano da operação, percentual (0 a 50): vale sobre a das configurações fiscais da
    empresa e sobre a PREMISSA de 8,8% (2027 em diante; em 2027-2028 cobra-se 0,1 ponto a menos).
    """
    aliquotaReferenciaCbs: Float
    "IBS estadual do ano da operação, percentual (2029 em diante, fixado por resolução do Senado)."
    aliquotaIbsUf: Float
    "IBS municipal do ano da operação, percentual (2029 em diante, fixado por resolução do Senado)."
    aliquotaIbsMun: Float
    """
    Só NFS-e: o tomador retém o ISS na fonte e o paga ao município. No Simples Nacional (faixas 1 a 5) a parte do ISS
    sai do DAS e é retida à alíquota efetiva do ISS da faixa (LC 123/2006 art. 21 §4º); nos demais casos, o ISS à
    alíquota do município (LC 116/2003 art. 6º). A linha do ISS fica informativa (retidoPeloTomador), sem título.
    Em NF-e, NFC-e e CT-e é ignorado, com aviso.
    """
    issRetido: Boolean
  }

  type Query {
    "Whether the tax-simulation service is reachable for the session's company."
    simulacaoImpostoDisponivel: Boolean!
    "Uma simulação da empresa da sessão; nula se não existe (ou é de outra empresa)."
    simulacaoImposto(id: ID!): SimulacaoImposto
    "As simulações da empresa, as mais novas primeiro; primeiros de 1 a 200."
    simulacoesImposto(primeiros: Int = 50, depois: String): ConexaoSimulacoes!
  }

  type Mutation {
    simularImpostos(input: SimularImpostosInput!): SimulacaoImposto!
    "Só administradores: um título a pagar por tributo a pagar, uma vez só, por mais que se peça."
    provisionarImpostos(simulacaoId: ID!): SimulacaoImposto!
    "A mesma operação no Simples Nacional, no Lucro Presumido e no Lucro Real, lado a lado (as três ficam guardadas)."
    compararRegimes(input: SimularImpostosInput!): [SimulacaoImposto!]!
  }
`;
