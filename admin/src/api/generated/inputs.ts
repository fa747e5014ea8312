// The types of the page's GraphQL operations (src/api/operations) in the supergraph. Written by `npm run codegen`: do not edit.

import type { ModeloDocumento, ModalCte, TomadorCte, TipoServicoCteOs, FretamentoCteOs, ModoIngestao, RegimeTributario } from './enums';

export type DestinatarioInput = {
  /** CNPJ or CPF; required except for a recipient abroad (uf EX). */
  documento?: string | null | undefined;
  nome?: string | null | undefined;
  uf?: string | null | undefined;
  codigoMunicipio?: string | null | undefined;
  inscricaoEstadual?: string | null | undefined;
  /** NF-e enderDest, with uf and codigoMunicipio; required by SEFAZ for an NF-e (model 55), optional otherwise. */
  endereco?: EnderecoDestinatarioInput | null | undefined;
  /** A recipient abroad (uf EX): required there and only there. */
  exterior?: DestinatarioExteriorInput | null | undefined;
};

/** A recipient abroad: idEstrangeiro (5-20 characters, optional), the BACEN country code and name, the address; the city goes in xCpl (xMun is EXTERIOR). */
export type DestinatarioExteriorInput = {
  idEstrangeiro?: string | null | undefined;
  codigoPais: string;
  nomePais: string;
  logradouro: string;
  numero: string;
  complemento?: string | null | undefined;
  bairro?: string | null | undefined;
  cidade: string;
};

/** NF-e exporta: UF and place of shipment (UFSaidaPais, xLocExporta) and the customs place (xLocDespacho). */
export type ExportacaoInput = {
  ufSaidaPais: string;
  localExportacao: string;
  localDespacho?: string | null | undefined;
};

/** The recipient's address (NF-e TEndereco): texts 2-60 characters (numero 1-60), cep 8 digits, telefone 6-14 digits. */
export type EnderecoDestinatarioInput = {
  logradouro: string;
  numero: string;
  complemento?: string | null | undefined;
  bairro: string;
  municipio: string;
  cep: string;
  telefone?: string | null | undefined;
};

export type ItemDocumentoInput = {
  codigo: string;
  descricao: string;
  quantidade: number;
  valorUnitario: number;
  unidade?: string | null | undefined;
  ncm?: string | null | undefined;
  cfop?: string | null | undefined;
  cst?: string | null | undefined;
  csosn?: string | null | undefined;
  /** CEST of goods under ICMS-ST (Convênio ICMS 142/2018), 7 digits; required with CST 60 or CSOSN 500. */
  cest?: string | null | undefined;
  /** CST 60 / CSOSN 500: the ICMS-ST withheld earlier in the chain; required when the buyer is not the final consumer. */
  icmsStRetido?: IcmsStRetidoInput | null | undefined;
  /** pRedBC: percent the own ICMS base is reduced by; required with CST 20 and 70. */
  reducaoBaseIcms?: number | null | undefined;
  /** pDif: percent of the operation's ICMS deferred; required with CST 51. */
  diferimentoIcms?: number | null | undefined;
  /** ICMS-ST the issuer charges as substitute; required with CST 10, 30, 70 and CSOSN 201, 202, 203. */
  icmsSt?: IcmsStInput | null | undefined;
  codigoServico?: string | null | undefined;
  aliquotaIss?: number | null | undefined;
};

/** ICMS-ST inputs: the MVA (modBCST 4) or the given base in reais (modBCST 5), never both; rates in percent. */
export type IcmsStInput = {
  mva?: number | null | undefined;
  base?: number | null | undefined;
  /** pICMSST: the destination's internal rate for the goods, without FCP; default the destination's modal rate. */
  aliquota?: number | null | undefined;
  /** pFCPST, up to 2. */
  aliquotaFcp?: number | null | undefined;
  /** pRedBCST. */
  reducaoBase?: number | null | undefined;
};

/** The Simples Nacional band the buyer's ICMS credit (pCredSN) is read from: annex I (commerce) or II (industry) and the RBT12 in reais. */
export type SimplesNacionalInput = {
  anexo: string;
  receitaBruta12Meses: number;
};

/** ICMS charged by substitution earlier in the chain (NF-e vBCSTRet, pST, vICMSSTRet, vICMSSubstituto): money in reais, the rate in percent. */
export type IcmsStRetidoInput = {
  base: number;
  aliquota: number;
  valor: number;
  /** The substitute's own ICMS of the earlier operation (vICMSSubstituto); required when the buyer is not the final consumer (rule 938). */
  icmsSubstituto?: number | null | undefined;
};

/** NF-e / NFC-e card group (card): tpIntegra 1 integrated, 2 (default) a POS not integrated. */
export type CartaoPagamentoInput = {
  integrado?: boolean | null | undefined;
  cnpjCredenciadora?: string | null | undefined;
  /** tBand, 2 digits (01 Visa, 02 Mastercard, 06 Elo, 99 other...). */
  bandeira?: string | null | undefined;
  /** cAut: the authorization number. */
  autorizacao?: string | null | undefined;
};

/** A means of payment (pag/detPag): meio is the tPag code, valor in reais. */
export type PagamentoInput = {
  meio: string;
  valor: number;
  /** xPag: required with meio 99. */
  descricao?: string | null | undefined;
  /** indPag: true on credit (1), false cash (0, default). */
  aPrazo?: boolean | null | undefined;
  cartao?: CartaoPagamentoInput | null | undefined;
};

export type EmitirDocumentoFiscalInput = {
  /** The caller's key: the same referencia never makes a second document. */
  referencia: string;
  modelo: ModeloDocumento;
  serie?: number | null | undefined;
  destinatario?: DestinatarioInput | null | undefined;
  itens: Array<ItemDocumentoInput>;
  chaveCteReferenciada?: string | null | undefined;
  /** NFS-e only: the key (50 digits) of the authorized NFS-e this one replaces (DPS subst). */
  chaveNfseSubstituida?: string | null | undefined;
  chavesNfeTransportadas?: Array<string> | null | undefined;
  competencia?: string | null | undefined;
  /** NF-e only: modFrete (0-4 or 9). Default 0 with chaveCteReferenciada, else 9. */
  modalidadeFrete?: number | null | undefined;
  /** Export NF-e (recipient abroad): the exporta group, required there. */
  exportacao?: ExportacaoInput | null | undefined;
  /** Simples Nacional issuer: its band, required with CSOSN 101 or 201. */
  simplesNacional?: SimplesNacionalInput | null | undefined;
  /** NF-e and NFC-e: the means of payment; required on an NFC-e. Paid beyond the total is the change (vTroco), with cash (01) only. */
  pagamentos?: Array<PagamentoInput> | null | undefined;
  /** CT-e only (required there): the transport service; the items are the components of its value. */
  cte?: CteInput | null | undefined;
  /** CT-e OS (model 67) only: the passenger transport service, instead of cte. */
  cteOs?: CteOsInput | null | undefined;
};

export type MunicipioCteInput = {
  codigoMunicipio: string;
  municipio: string;
  uf: string;
};

/** A party of the CT-e (rem), named in full with its address. */
export type ParteCteInput = {
  documento: string;
  nome: string;
  inscricaoEstadual?: string | null | undefined;
  uf: string;
  codigoMunicipio: string;
  endereco: EnderecoDestinatarioInput;
};

export type CteInput = {
  modal?: ModalCte | null | undefined;
  tomador: TomadorCte;
  remetente: ParteCteInput;
  /** exped: required with tomador EXPEDIDOR. */
  expedidor?: ParteCteInput | null | undefined;
  /** receb: required with tomador RECEBEDOR. */
  recebedor?: ParteCteInput | null | undefined;
  /** toma4: required with tomador OUTROS, and only with it. */
  outroTomador?: ParteCteInput | null | undefined;
  inicio: MunicipioCteInput;
  fim: MunicipioCteInput;
  /** vCarga, in reais. */
  valorCarga: number;
  produtoPredominante: string;
  /** Gross weight in kg (infQ, cUnid 01). */
  pesoKg: number;
  /** RNTRC of the carrier: 8 digits, or ISENTO. */
  rntrc: string;
};

/** The CT-e OS (model 67): modelo CTE with this group instead of cte; the taker (toma) is the recipient. */
export type CteOsInput = {
  tipoServico?: TipoServicoCteOs | null | undefined;
  /** RODOVIARIO (the only modal issued for now). */
  modal?: ModalCte | null | undefined;
  inicio: MunicipioCteInput;
  fim: MunicipioCteInput;
  /** infServico/xDescServ, up to 30 characters. */
  descricaoServico: string;
  /** infServico/infQ/qCarga: passengers carried. */
  quantidadePassageiros?: number | null | undefined;
  /** ANTT's Termo de Autorização de Fretamento, 12 digits; or registroEstadual. */
  taf?: string | null | undefined;
  /** The state agency's registration, 25 digits; or taf. */
  registroEstadual?: string | null | undefined;
  /** veic/placa: AAA9999 or AAA9A99. */
  placa?: string | null | undefined;
  /** veic/UF: where the vehicle is licensed. */
  ufVeiculo?: string | null | undefined;
  fretamento?: FretamentoCteOs | null | undefined;
};

/** CT-e correction: group, field, new value and, for a repeated group, the item (the CT-e's own letter). */
export type AlteracaoCteInput = {
  grupo: string;
  campo: string;
  valor: string;
  numeroItem?: number | null | undefined;
};

export type PrazosCancelamentoEntrada = {
  nfeHoras?: number | null | undefined;
  nfceMinutos?: number | null | undefined;
  cteHoras?: number | null | undefined;
  nfseDias?: number | null | undefined;
};

export type RegraVencimentoEntrada = {
  dia?: number | null | undefined;
  /** PRORROGAR or ANTECIPAR. */
  ajuste?: string | null | undefined;
};

export type VencimentosEmpresaEntrada = {
  icms?: RegraVencimentoEntrada | null | undefined;
  iss?: RegraVencimentoEntrada | null | undefined;
  cbs?: RegraVencimentoEntrada | null | undefined;
  ibs?: RegraVencimentoEntrada | null | undefined;
  is?: RegraVencimentoEntrada | null | undefined;
};

export type AliquotaReferenciaAnoEntrada = {
  ano?: number | null | undefined;
  cbs?: number | null | undefined;
  ibsUf?: number | null | undefined;
  ibsMun?: number | null | undefined;
};

export type ConfiguracaoFiscalCertificadoEntrada = {
  arquivoBase64?: string | null | undefined;
  senha?: string | null | undefined;
};

export type ConfiguracaoFiscalNfseEntrada = {
  provedor?: string | null | undefined;
  endpoint?: string | null | undefined;
  codigoCidade?: string | null | undefined;
  inscricaoMunicipal?: string | null | undefined;
  codigoServico?: string | null | undefined;
  codigoServicoNacional?: string | null | undefined;
  codigoNbs?: string | null | undefined;
  usuario?: string | null | undefined;
  senha?: string | null | undefined;
  algoritmoAssinatura?: string | null | undefined;
  canonicalizacao?: string | null | undefined;
};

export type ConfiguracaoFiscalEmpresaEntrada = {
  cnpj?: string | null | undefined;
  razaoSocial?: string | null | undefined;
  inscricaoEstadual?: string | null | undefined;
  uf?: string | null | undefined;
  codigoMunicipio?: string | null | undefined;
  regimeTributario?: string | null | undefined;
  aliquotaDas?: number | null | undefined;
  endereco?: ConfiguracaoFiscalEnderecoEntrada | null | undefined;
  /** AAAA-MM-DD. */
  inicioAtividade?: string | null | undefined;
};

export type ConfiguracaoFiscalEnderecoEntrada = {
  logradouro?: string | null | undefined;
  numero?: string | null | undefined;
  complemento?: string | null | undefined;
  bairro?: string | null | undefined;
  municipio?: string | null | undefined;
  cep?: string | null | undefined;
  telefone?: string | null | undefined;
};

export type ConfiguracaoFiscalEntrada = {
  ambiente?: string | null | undefined;
  seriePadrao?: number | null | undefined;
  series?: Array<number> | null | undefined;
  emissaoAutomatica?: boolean | null | undefined;
  timeoutSegundos?: number | null | undefined;
  prazosCancelamento?: PrazosCancelamentoEntrada | null | undefined;
  vencimentos?: VencimentosEmpresaEntrada | null | undefined;
  aliquotasReferencia?: Array<AliquotaReferenciaAnoEntrada> | null | undefined;
  /** null removes the stored certificate; omitted (or without arquivoBase64) keeps it. */
  certificadoA1?: ConfiguracaoFiscalCertificadoEntrada | null | undefined;
  nfse?: ConfiguracaoFiscalNfseEntrada | null | undefined;
  empresa?: ConfiguracaoFiscalEmpresaEntrada | null | undefined;
};

export type SimularImpostosInput = {
  tipoDocumento: ModeloDocumento;
  /** Reais, até 2 casas. */
  valor: number;
  /** AAAA-MM-DD; padrão: hoje (America/Sao_Paulo). */
  dataOperacao?: string | null | undefined;
  /** Padrão: o regime das configurações fiscais da empresa. */
  regime?: RegimeTributario | null | undefined;
  ufOrigem?: string | null | undefined;
  ufDestino?: string | null | undefined;
  ncm?: string | null | undefined;
  aliquotaIpi?: number | null | undefined;
  cfop?: string | null | undefined;
  aliquotaIss?: number | null | undefined;
  /** Classe de presunção do lucro presumido: COMBUSTIVEIS, MERCADORIAS, TRANSPORTE_CARGA, SERVICOS_HOSPITALARES, CONSTRUCAO_COM_MATERIAIS, TRANSPORTE_PASSAGEIROS, SERVICOS, SERVICOS_RECEITA_ATE_120_MIL; padrão: SERVICOS na NFS-e, MERCADORIAS na NF-e e NFC-e, TRANSPORTE_CARGA no CT-e. */
  atividade?: string | null | undefined;
  /** I, II, III, IV ou V. */
  anexoSimples?: string | null | undefined;
  receitaBruta12Meses?: number | null | undefined;
  comprasCreditaveis?: number | null | undefined;
  baseAcumuladaTrimestre?: number | null | undefined;
  receitaAcumuladaAno?: number | null | undefined;
  lucroRealTrimestre?: number | null | undefined;
  /**
   * Reais: a parte de receitaAcumuladaAno que já teve a presunção acrescida pela LC 224/2025 (acima da folga de um
   * trimestre anterior ou de R$ 5 milhões no ano); padrão 0. Dela depende a folga que resta a esta operação.
   */
  receitaExcedenteAno?: number | null | undefined;
  mercadoriaImportada?: boolean | null | undefined;
  produtoZonaFrancaManaus?: boolean | null | undefined;
  /** Imposto Seletivo, percentual (2027 em diante). */
  aliquotaIs?: number | null | undefined;
  /** ICMS das compras, percentual; padrão: a alíquota interna da UF de origem. */
  aliquotaIcmsCompras?: number | null | undefined;
  /**
   * Alíquota de referência da CBS do ano da operação, percentual (0 a 50): vale sobre a das configurações fiscais da
   * empresa e sobre a PREMISSA de 8,8% (2027 em diante; em 2027-2028 cobra-se 0,1 ponto a menos).
   */
  aliquotaReferenciaCbs?: number | null | undefined;
  /** IBS estadual do ano da operação, percentual (2029 em diante, fixado por resolução do Senado). */
  aliquotaIbsUf?: number | null | undefined;
  /** IBS municipal do ano da operação, percentual (2029 em diante, fixado por resolução do Senado). */
  aliquotaIbsMun?: number | null | undefined;
  /**
   * Só NFS-e: o tomador retém o ISS na fonte e o paga ao município. No Simples Nacional (faixas 1 a 5) a parte do ISS
   * sai do DAS e é retida à alíquota efetiva do ISS da faixa (LC 123/2006 art. 21 §4º); nos demais casos, o ISS à
   * alíquota do município (LC 116/2003 art. 6º). A linha do ISS fica informativa (retidoPeloTomador), sem título.
   * Em NF-e, NFC-e e CT-e é ignorado, com aviso.
   */
  issRetido?: boolean | null | undefined;
  /**
   * Só NFS-e: item da LC 116/2003 (NN.NN) ou código nacional de 6 dígitos; padrão: o das configurações NFS-e. Decide as
   * receitas que ficam no PIS/COFINS cumulativo no lucro real (Lei 10.833/2003 art. 10) e o ISS abaixo de 2% (7.02, 7.05, 16.01).
   */
  codigoServico?: string | null | undefined;
  /** Só NFS-e: exportação de serviço (resultado no exterior, pagamento com ingresso de divisas): sem ISS, PIS, COFINS, CBS e IBS. */
  exportacaoServico?: boolean | null | undefined;
  /** AAAA-MM-DD; padrão: o das configurações fiscais. Simples Nacional: alíquota dos primeiros 12 meses (LC 123/2006 art. 18 §2º). */
  inicioAtividade?: string | null | undefined;
  /** Reais: receita do mês da operação, esta incluída (mês de início de atividade); padrão: a da operação. */
  receitaBrutaMes?: number | null | undefined;
  /** Situação do ICMS do item no regime normal (CST): 00, 10, 20, 51, 70, 90 com ICMS próprio; 30, 40, 41, 50, 60, 61 sem; 02, 15, 53 recusados. */
  cst?: string | null | undefined;
  /** Situação do ICMS do item no Simples Nacional (CSOSN): 101, 102, 201, 202, 900 com ICMS no DAS; 103, 203, 300, 400, 500 sem. */
  csosn?: string | null | undefined;
  /** pRedBC: redução da base do ICMS próprio, percentual; obrigatório com CST 20 e 70. */
  reducaoBaseIcms?: number | null | undefined;
  /** pDif: parte diferida do ICMS da operação, percentual; obrigatório com CST 51. */
  diferimentoIcms?: number | null | undefined;
  /** ICMS-ST do substituto; obrigatório com CST 10, 30, 70 e CSOSN 201, 202, 203. */
  icmsSt?: IcmsStSimulacaoInput | null | undefined;
  /** FCP do produto, percentual de 0 a 2, na UF da alíquota interna (a do emitente; a de destino no DIFAL). */
  aliquotaFcp?: number | null | undefined;
  /** Destinatário consumidor final (indFinal 1); padrão false. */
  consumidorFinal?: boolean | null | undefined;
  /** Destinatário contribuinte do ICMS (indIEDest 1); padrão true. false com consumidorFinal em outra UF: DIFAL. */
  destinatarioContribuinteIcms?: boolean | null | undefined;
};

/** ICMS-ST: a MVA (modBCST 4) ou a base informada em reais (modBCST 5), nunca as duas; alíquotas em percentual. */
export type IcmsStSimulacaoInput = {
  mva?: number | null | undefined;
  base?: number | null | undefined;
  /** pICMSST: alíquota interna da UF de destino, sem o FCP; padrão: a modal da UF. */
  aliquota?: number | null | undefined;
  /** pFCPST, até 2; padrão: o FCP geral da UF de destino. */
  aliquotaFcp?: number | null | undefined;
  reducaoBase?: number | null | undefined;
};

export type CriarTokenIngestaoInput = {
  nome: string;
  entidades: Array<string>;
  modo?: ModoIngestao | null | undefined;
  expiraEm?: string | null | undefined;
};
