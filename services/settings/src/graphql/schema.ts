import { gql } from '@erp/kit';

/**
 * The same model as REST `/api/erp/faturamento/configuracao`. Inputs are typed loosely (strings for codes and
 * `ambiente`) so every field rule is reported by the shared validator, with the same `campos` list. In the
 * output, `ambiente` stays a String: its values (`HOMOLOGAÇÃO`, `PRODUÇÃO`) are not valid GraphQL enum names.
 */
export const typeDefs = gql`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7")

  "Data e hora ISO-8601 (ex.: 2026-12-31T23:59:59Z)."
  scalar DateTime

  enum ConfiguracaoFiscalRegimeTributario {
    SIMPLES_NACIONAL
    LUCRO_PRESUMIDO
    LUCRO_REAL
  }

  type ConfiguracaoFiscalCertificado {
    titular: String!
    cnpj: String!
    emissor: String!
    numeroSerie: String!
    validoDe: DateTime!
    validoAte: DateTime!
    diasParaExpirar: Int!
    "Set from 30 days before expiry."
    aviso: String
    "Always a mask: the password is never returned."
    senha: String!
  }

  "Who receives the NFS-e: NACIONAL (Sefin Nacional) or an ABRASF 2.04 provider profile."
  enum ConfiguracaoFiscalProvedorNfse {
    NACIONAL
    ABRASF_2_04
    GISS_2_04
  }

  type ConfiguracaoFiscalNfse {
    provedor: ConfiguracaoFiscalProvedorNfse
    endpoint: String
    codigoCidade: String
    inscricaoMunicipal: String
    codigoServico: String
    codigoServicoNacional: String
    "NBS, 9 digits: required in the DPS's IBSCBS group (regime-normal issuers)."
    codigoNbs: String
    descricaoServico: String
    usuario: String
    "A mask when a password is stored, null otherwise."
    senha: String
    "RSA-SHA1 (default, the manual's) or RSA-SHA256."
    algoritmoAssinatura: String
    "C14N (default) or C14N_EXCLUSIVA."
    canonicalizacao: String
  }

  type ConfiguracaoFiscalEmpresa {
    cnpj: String
    razaoSocial: String
    inscricaoEstadual: String
    uf: String
    codigoMunicipio: String
    regimeTributario: ConfiguracaoFiscalRegimeTributario
    aliquotaDas: Float
    "Needed to transmit NF-e/NFC-e to SEFAZ (enderEmit)."
    endereco: ConfiguracaoFiscalEndereco
    "AAAA-MM-DD: início de atividade (alíquota do Simples Nacional nos primeiros 12 meses, LC 123/2006 art. 18 §2º)."
    inicioAtividade: String
  }

  type ConfiguracaoFiscalEndereco {
    logradouro: String!
    numero: String!
    complemento: String
    bairro: String!
    "Name of the municipality of codigoMunicipio."
    municipio: String!
    cep: String!
    telefone: String
  }

  "A company's own cancellation deadlines; null is the legal default, and none may exceed the legal maximum."
  type PrazosCancelamento {
    "NF-e, 1 to 24 hours."
    nfeHoras: Int
    "NFC-e, 1 to 30 minutes."
    nfceMinutos: Int
    "CT-e, 1 to 168 hours (default 24)."
    cteHoras: Int
    "NFS-e: days after authorization when the municipality's rule is not the end of the competence month."
    nfseDias: Int
  }

  input PrazosCancelamentoEntrada {
    nfeHoras: Int
    nfceMinutos: Int
    cteHoras: Int
    nfseDias: Int
  }

  "How a due day that is not a business day moves: PRORROGAR (next business day) or ANTECIPAR (previous one)."
  enum AjusteVencimento {
    PRORROGAR
    ANTECIPAR
  }

  "A company's own due day of a tax, in the month after the operation's month."
  type RegraVencimento {
    "1 to 31; past the month's last day, the last day."
    dia: Int!
    ajuste: AjusteVencimento!
  }

  """
  The company's own due days. ICMS and ISS: null is the default (ICMS day 10, ISS day 15, both postponed).
  CBS, IBS (state and municipal) and IS: null is none (no date in force from 2027), so their lines are not
  provisioned until one is set.
  """
  type VencimentosEmpresa {
    icms: RegraVencimento
    iss: RegraVencimento
    cbs: RegraVencimento
    ibs: RegraVencimento
    is: RegraVencimento
  }

  input RegraVencimentoEntrada {
    dia: Int
    "PRORROGAR or ANTECIPAR."
    ajuste: String
  }

  input VencimentosEmpresaEntrada {
    icms: RegraVencimentoEntrada
    iss: RegraVencimentoEntrada
    cbs: RegraVencimentoEntrada
    ibs: RegraVencimentoEntrada
    is: RegraVencimentoEntrada
  }

  """
  The company's CBS/IBS rates for one year, in percent, where the law leaves them to a Senate resolution not yet
  issued: cbs the CBS reference rate (2027 on), ibsUf / ibsMun the IBS rates (2029 on). Used by the tax simulation.
  """
  type AliquotaReferenciaAno {
    ano: Int!
    cbs: Float
    ibsUf: Float
    ibsMun: Float
  }

  input AliquotaReferenciaAnoEntrada {
    ano: Int
    cbs: Float
    ibsUf: Float
    ibsMun: Float
  }

  type ConfiguracaoFiscal {
    ambiente: String!
    seriePadrao: Int!
    series: [Int!]!
    emissaoAutomatica: Boolean!
    timeoutSegundos: Int!
    prazosCancelamento: PrazosCancelamento!
    vencimentos: VencimentosEmpresa!
    "One entry per year (2027-2040), sorted; empty when none."
    aliquotasReferencia: [AliquotaReferenciaAno!]!
    certificadoA1: ConfiguracaoFiscalCertificado
    nfse: ConfiguracaoFiscalNfse!
    empresa: ConfiguracaoFiscalEmpresa!
    versao: Int!
    atualizadoEm: DateTime
  }

  input ConfiguracaoFiscalCertificadoEntrada {
    arquivoBase64: String
    senha: String
  }

  input ConfiguracaoFiscalNfseEntrada {
    provedor: String
    endpoint: String
    codigoCidade: String
    inscricaoMunicipal: String
    codigoServico: String
    codigoServicoNacional: String
    codigoNbs: String
    usuario: String
    senha: String
    algoritmoAssinatura: String
    canonicalizacao: String
  }

  input ConfiguracaoFiscalEmpresaEntrada {
    cnpj: String
    razaoSocial: String
    inscricaoEstadual: String
    uf: String
    codigoMunicipio: String
    regimeTributario: String
    aliquotaDas: Float
    endereco: ConfiguracaoFiscalEnderecoEntrada
    "AAAA-MM-DD."
    inicioAtividade: String
  }

  input ConfiguracaoFiscalEnderecoEntrada {
    logradouro: String
    numero: String
    complemento: String
    bairro: String
    municipio: String
    cep: String
    telefone: String
  }

  input ConfiguracaoFiscalEntrada {
    ambiente: String
    seriePadrao: Int
    series: [Int!]
    emissaoAutomatica: Boolean
    timeoutSegundos: Int
    prazosCancelamento: PrazosCancelamentoEntrada
    vencimentos: VencimentosEmpresaEntrada
    aliquotasReferencia: [AliquotaReferenciaAnoEntrada!]
    "null removes the stored certificate; omitted (or without arquivoBase64) keeps it."
    certificadoA1: ConfiguracaoFiscalCertificadoEntrada
    nfse: ConfiguracaoFiscalNfseEntrada
    empresa: ConfiguracaoFiscalEmpresaEntrada
  }

  type Query {
    "Fiscal settings of the session's company (defaults when nothing was saved)."
    configuracaoFiscal: ConfiguracaoFiscal!
  }

  type Mutation {
    """
    Replaces the fiscal settings of the session's company (admin only). With versaoEsperada (the versao the
    editor read), a save that finds another version is refused with CONFLITO_DE_EDICAO instead of overwriting it.
    """
    salvarConfiguracaoFiscal(entrada: ConfiguracaoFiscalEntrada!, versaoEsperada: Int): ConfiguracaoFiscal!
  }
`;
