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
    "DAS, PIS, COFINS, CSLL, IRPJ, ICMS, ICMS_UF_DEST, FCP_UF_DEST (o DIFAL), IPI, ISS, CBS, IBS_UF, IBS_MUN ou IS."
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

  "Um título a pagar: um por empresa, tributo e período de apuração, com as simulações provisionadas desse período."
  type TituloPagar {
    "empresa:tributo:periodo (o DIFAL, por operação, também com a simulação)."
    id: ID!
    tributo: String!
    "AAAA-MM (mensal), AAAA-Tn (IRPJ/CSLL trimestrais) ou AAAA-MM-DD (DIFAL)."
    periodo: String!
    "Valor do título na versão mais recente (todas as simulações do período)."
    valor: Float!
    "A parte desta simulação (no lucro real, o IRPJ/CSLL do trimestre inteiro)."
    contribuicao: Float!
    "A versão mais recente do título (cada provisionamento que o muda faz uma)."
    versao: Int!
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
    "Grupo ICMSUFDest da NF-e quando a operação tem DIFAL; nulo nas demais."
    difal: DifalSimulacao
    avisos: [String!]!
    premissas: [String!]!
    "O mesmo id nas três simulações de uma comparação de regimes."
    comparacaoId: ID
  }

  "DIFAL de venda a consumidor final não contribuinte de outra UF (EC 87/2015; LC 87/1996 art. 13 X e §7º), base única."
  type DifalSimulacao {
    "vBCUFDest (reais)."
    base: Float!
    "vBCFCPUFDest (reais; 0 sem FCP)."
    baseFcp: Float!
    "pFCPUFDest."
    aliquotaFcpDestino: Float!
    "pICMSUFDest."
    aliquotaInternaDestino: Float!
    "pICMSInter (4, 7 ou 12)."
    aliquotaInterestadual: Float!
    "pICMSInterPart (100 desde 2019)."
    percentualPartilhaDestino: Float!
    "vFCPUFDest (reais)."
    fcpDestino: Float!
    "vICMSUFDest (reais)."
    icmsDestino: Float!
    "vICMSUFRemet (reais; 0 desde 2019)."
    icmsRemetente: Float!
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
    """
    Só NFS-e: item da LC 116/2003 (NN.NN) ou código nacional de 6 dígitos; padrão: o das configurações NFS-e. Decide as
    receitas que ficam no PIS/COFINS cumulativo no lucro real (Lei 10.833/2003 art. 10) e o ISS abaixo de 2% (7.02, 7.05, 16.01).
    """
    codigoServico: String
    "Só NFS-e: exportação de serviço (resultado no exterior, pagamento com ingresso de divisas): sem ISS, PIS, COFINS, CBS e IBS."
    exportacaoServico: Boolean
    "AAAA-MM-DD; padrão: o das configurações fiscais. Simples Nacional: alíquota dos primeiros 12 meses (LC 123/2006 art. 18 §2º)."
    inicioAtividade: String
    "Reais: receita do mês da operação, esta incluída (mês de início de atividade); padrão: a da operação."
    receitaBrutaMes: Float
    "Situação do ICMS do item no regime normal (CST): 00, 10, 20, 51, 70, 90 com ICMS próprio; 30, 40, 41, 50, 60, 61 sem; 02, 15, 53 recusados."
    cst: String
    "Situação do ICMS do item no Simples Nacional (CSOSN): 101, 102, 201, 202, 900 com ICMS no DAS; 103, 203, 300, 400, 500 sem."
    csosn: String
    "pRedBC: redução da base do ICMS próprio, percentual; obrigatório com CST 20 e 70."
    reducaoBaseIcms: Float
    "pDif: parte diferida do ICMS da operação, percentual; obrigatório com CST 51."
    diferimentoIcms: Float
    "ICMS-ST do substituto; obrigatório com CST 10, 30, 70 e CSOSN 201, 202, 203."
    icmsSt: IcmsStSimulacaoInput
    "FCP do produto, percentual de 0 a 2, na UF da alíquota interna (a do emitente; a de destino no DIFAL)."
    aliquotaFcp: Float
    "Destinatário consumidor final (indFinal 1); padrão false."
    consumidorFinal: Boolean
    "Destinatário contribuinte do ICMS (indIEDest 1); padrão true. false com consumidorFinal em outra UF: DIFAL."
    destinatarioContribuinteIcms: Boolean
  }

  "ICMS-ST: a MVA (modBCST 4) ou a base informada em reais (modBCST 5), nunca as duas; alíquotas em percentual."
  input IcmsStSimulacaoInput {
    mva: Float
    base: Float
    "pICMSST: alíquota interna da UF de destino, sem o FCP; padrão: a modal da UF."
    aliquota: Float
    "pFCPST, até 2; padrão: o FCP geral da UF de destino."
    aliquotaFcp: Float
    reducaoBase: Float
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
