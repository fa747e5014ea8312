import Joi from 'joi';
import { Ambientes } from './settings';
import { enderecoEntradaSchema } from './address';
import { cteEntradaSchema } from './cte';
import { cteOsEntradaSchema } from './cte-os';
import { ModelosDocumento, Tributos } from './tax';

export { enderecoEntradaSchema };

/**
 * The fiscal documents' wire shapes, declared once: the emission input (REST body, GraphQL
 * `EmitirDocumentoFiscalInput`, the invoiced order's event) and the document as REST and GraphQL show it. The
 * OpenAPI document is derived from these (gateway `joiToJsonSchema`), the GraphQL types are checked against them by
 * a test (`test/e2e/wire-shapes.test.ts`), and the emission validator reads its list of fields from them. The
 * domain rules (check digits, CFOP against the destination, limits of the layout) stay in fiscal-document's
 * validator, which reports them as field errors.
 */

/** A recipient abroad (NF-e `idEstrangeiro` and `enderDest` with cMun 9999999, UF EX and the country). */
export const destinatarioExteriorSchema = Joi.object({
  idEstrangeiro: Joi.string().max(20).description('Documento do estrangeiro (passaporte, registro fiscal do país), 5 a 20 caracteres; omitido quando não houver.').example('US-EIN-123456789'),
  codigoPais: Joi.string().max(4).required().description('Código do país na tabela do BACEN (cPais), 1 a 4 dígitos; não 1058 (Brasil).').example('2496'),
  nomePais: Joi.string().min(2).max(60).required().description('Nome do país (xPais).').example('Estados Unidos'),
  logradouro: Joi.string().min(2).max(60).required().example('5th Avenue'),
  numero: Joi.string().min(1).max(60).required().example('350'),
  complemento: Joi.string().max(40),
  bairro: Joi.string().min(2).max(60).description('Padrão: EXTERIOR.'),
  cidade: Joi.string().min(2).max(40).required().description('Cidade no exterior (escrita no xCpl: o xMun da NF-e é EXTERIOR).').example('New York'),
}).description('Destinatário no exterior (uf EX): obrigatório nesse caso e só nele; documento, codigoMunicipio, inscricaoEstadual e endereco não se aplicam.');

export const destinatarioEntradaSchema = Joi.object({
  documento: Joi.string().max(20).description('CNPJ (numérico ou alfanumérico) ou CPF; pontuação aceita. Obrigatório, exceto para destinatário no exterior (uf EX).').example('11222333000181'),
  nome: Joi.string().min(2).max(60),
  uf: Joi.string().max(2).description('Sigla da UF, ou EX (exterior).').example('SP'),
  codigoMunicipio: Joi.string().max(7).description('Código IBGE do município, 7 dígitos.').example('3550308'),
  inscricaoEstadual: Joi.string().max(20).description('De 2 a 14 dígitos, ou ISENTO.'),
  endereco: enderecoEntradaSchema,
  exterior: destinatarioExteriorSchema,
});

/** An item of goods (NF-e, NFC-e): what an invoiced order carries too. */
const itemMercadoria = {
  codigo: Joi.string().max(60).required(),
  descricao: Joi.string().max(120).required(),
  quantidade: Joi.number().required().description('Maior que zero, até 4 casas decimais e 11 dígitos inteiros (qCom).').example(2),
  valorUnitario: Joi.number().required().description('Em reais, maior que zero, até 4 casas decimais (vUnCom).').example(250.5),
  unidade: Joi.string().max(6).description('Padrão: UN.'),
  ncm: Joi.string().description('NF-e e NFC-e: 8 dígitos.').example('94013000'),
  cfop: Joi.string().description('4 dígitos; o primeiro: 5 interna, 6 interestadual, 7 exterior (NFC-e: só 5).').example('5102'),
  cst: Joi.string().description('CST do ICMS, emitente do regime normal.').example('00'),
  csosn: Joi.string().description('CSOSN, emitente do Simples Nacional.').example('102'),
  cest: Joi.string().max(9).description('CEST da mercadoria sob substituição tributária (Convênio ICMS 142/2018), 7 dígitos; obrigatório com CST 60 ou CSOSN 500.').example('2803800'),
  icmsStRetido: Joi.object({
    base: Joi.number().required().description('vBCSTRet: base do ICMS-ST retido anteriormente, em reais.'),
    aliquota: Joi.number().required().description('pST: alíquota suportada pelo consumidor final, com o FCP-ST, em percentual.'),
    valor: Joi.number().required().description('vICMSSTRet: valor do ICMS-ST retido anteriormente, em reais.'),
    icmsSubstituto: Joi.number().description(
      'vICMSSubstituto: o ICMS próprio do substituto cobrado na operação anterior, em reais; obrigatório quando o destinatário não é consumidor final (regra 938).',
    ),
  }).description('CST 60 ou CSOSN 500: o ICMS retido anteriormente por substituição; obrigatório quando o destinatário não é consumidor final (NF-e a contribuinte com IE).'),
  reducaoBaseIcms: Joi.number()
    .description('pRedBC: percentual de redução da base do ICMS próprio (benefício da legislação da UF); obrigatório com CST 20 e 70, recusado nas demais situações.')
    .example(33.33),
  diferimentoIcms: Joi.number().description('pDif: percentual do ICMS da operação diferido (RICMS da UF); obrigatório com CST 51, recusado nas demais.').example(100),
  icmsSt: Joi.object({
    mva: Joi.number().description('pMVAST: margem de valor agregado do protocolo/convênio ou do RICMS de destino, em percentual (modBCST 4).').example(40),
    base: Joi.number().description('Base do ICMS-ST informada (pauta ou preço de lista, modBCST 5), em reais; em vez da MVA.').example(1500),
    aliquota: Joi.number().description('pICMSST: alíquota interna da UF de destino para a mercadoria, sem o FCP; padrão: a alíquota modal da UF de destino.').example(18),
    aliquotaFcp: Joi.number().description('pFCPST: FCP da UF de destino sobre a mercadoria, até 2% (ADCT art. 82 §1º); padrão: o FCP geral da UF (só RJ tem).').example(2),
    reducaoBase: Joi.number().description('pRedBCST: percentual de redução da base do ICMS-ST.').example(30),
  })
    .description('ICMS-ST cobrado pelo emitente como substituto: obrigatório com CST 10, 30, 70 e CSOSN 201, 202, 203 (com mva ou base, nunca os dois); o motor de impostos calcula vBCST, vICMSST e vFCPST.')
    .example({ mva: 40, aliquotaFcp: 2 }),
};

export const itemEntradaSchema = Joi.object({
  ...itemMercadoria,
  codigoServico: Joi.string().description('NFS-e: item da LC 116/2003 (NN.NN); padrão: o da empresa.'),
  aliquotaIss: Joi.number().description('NFS-e: alíquota do ISS em percentual, de 2 a 5.'),
});

/** The items of an invoiced order: goods only (the order event issues an NF-e). */
export const itemPedidoSchema = Joi.object(itemMercadoria);

/**
 * NF-e / NFC-e means of payment (`pag/detPag/tPag`, MOC NF-e 4.00 field YA02, NT 2020.006 and NT 2023.004): the
 * code and its label, as printed on the DANFCE.
 */
export const MEIOS_PAGAMENTO = {
  '01': 'Dinheiro',
  '02': 'Cheque',
  '03': 'Cartão de Crédito',
  '04': 'Cartão de Débito',
  '05': 'Crédito Loja',
  '10': 'Vale Alimentação',
  '11': 'Vale Refeição',
  '12': 'Vale Presente',
  '13': 'Vale Combustível',
  '15': 'Boleto Bancário',
  '16': 'Depósito Bancário',
  '17': 'Pagamento Instantâneo (PIX) - Dinâmico',
  '18': 'Transferência bancária, Carteira Digital',
  '19': 'Programa de fidelidade, Cashback, Crédito Virtual',
  '20': 'Pagamento Instantâneo (PIX) - Estático',
  '90': 'Sem pagamento',
  '99': 'Outros',
} as const;
export type MeioPagamento = keyof typeof MEIOS_PAGAMENTO;
export const MeiosPagamento = Object.keys(MEIOS_PAGAMENTO) as MeioPagamento[];

export const pagamentoEntradaSchema = Joi.object({
  meio: Joi.string()
    .valid(...MeiosPagamento)
    .required()
    .description('tPag: 01 dinheiro, 02 cheque, 03 cartão de crédito, 04 cartão de débito, 05 crédito loja, 10 a 13 vales, 15 boleto, 16 depósito, 17 PIX dinâmico, 18 transferência, 19 fidelidade, 20 PIX estático, 90 sem pagamento, 99 outros.')
    .example('01'),
  valor: Joi.number().required().description('vPag: em reais, maior que zero, até 2 casas decimais.').example(50),
  descricao: Joi.string().min(2).max(60).description('xPag: obrigatório com meio 99 (outros).'),
  aPrazo: Joi.boolean().description('indPag: true a prazo (1), false à vista (0). Padrão: à vista.'),
  cartao: Joi.object({
    integrado: Joi.boolean().description('tpIntegra: true pagamento integrado ao sistema de automação (1); padrão false, POS não integrado (2).'),
    cnpjCredenciadora: Joi.string().max(18).description('CNPJ da instituição de pagamento / credenciadora (card/CNPJ).'),
    bandeira: Joi.string().pattern(/^[0-9]{2}$/).description('tBand: 01 Visa, 02 Mastercard, 03 Amex, 04 Sorocred, 05 Diners, 06 Elo, 07 Hipercard, 08 Aura, 09 Cabal, 99 outros.'),
    autorizacao: Joi.string().max(128).description('cAut: número de autorização da operação.'),
  }).description('Cartão (meios 03, 04, 17): o grupo card; padrão: POS não integrado (tpIntegra 2).'),
});

export const emissaoDocumentoSchema = Joi.object({
  referencia: Joi.string().max(60).required().description('Chave do chamador: a mesma referencia nunca gera um segundo documento.').example('PED-1'),
  modelo: Joi.string()
    .valid(...ModelosDocumento)
    .required(),
  serie: Joi.number().integer().description('Uma das séries da empresa; padrão: a série padrão.'),
  destinatario: destinatarioEntradaSchema.description('Obrigatório, exceto na NFC-e (consumidor não identificado).'),
  itens: Joi.array().items(itemEntradaSchema).min(1).max(990).required(),
  chaveCteReferenciada: Joi.string().description('Só NF-e: a chave do CT-e do frete (NFref/refCTe).'),
  chavesNfeTransportadas: Joi.array().items(Joi.string()).description('Só CT-e (modelo 57): as chaves das NF-e transportadas.'),
  competencia: Joi.string().description('NFS-e: MM/AAAA, de janeiro do ano anterior até o mês de emissão.').example('11/2026'),
  chaveNfseSubstituida: Joi.string().description(
    'Só NFS-e: a chave (50 dígitos) da NFS-e autorizada que esta substitui (DPS `subst`); depois de autorizada, cancele a substituída com `chNFeRef` = a chave desta (evento 105102). ' +
      'Num município ABRASF: a chave `<município>-<número>-<código de verificação>`; a emissão é um SubstituirNfse, que já cancela a substituída no município.',
  ),
  cte: cteEntradaSchema.description('Só CT-e (obrigatório): a prestação do transporte; os itens são os componentes do valor da prestação (Comp), todos com o mesmo CFOP de transporte e a mesma situação do ICMS.'),
  cteOs: cteOsEntradaSchema.description(
    'Só CT-e OS (modelo 67, `modelo: CTE` com este grupo no lugar de `cte`): a prestação de transporte de pessoas; os itens são os componentes do valor (Comp); o tomador (toma) é o destinatario, com endereço.',
  ),
  modalidadeFrete: Joi.number()
    .integer()
    .valid(0, 1, 2, 3, 4, 9)
    .description('Só NF-e: modFrete (0 emitente/CIF, 1 destinatário/FOB, 2 terceiros, 3 e 4 transporte próprio, 9 sem frete). Padrão: 0 com chaveCteReferenciada, senão 9.'),
  exportacao: Joi.object({
    ufSaidaPais: Joi.string().max(2).required().description('UF de embarque ou de transposição de fronteira (UFSaidaPais).').example('SP'),
    localExportacao: Joi.string().min(1).max(60).required().description('Local de embarque ou de transposição de fronteira (xLocExporta).').example('Porto de Santos'),
    localDespacho: Joi.string().min(1).max(60).description('Recinto alfandegado do despacho (xLocDespacho).').example('Porto de Santos'),
  }).description('Só NF-e de exportação (destinatário no exterior): o grupo exporta; obrigatório nesse caso.'),
  pagamentos: Joi.array()
    .items(pagamentoEntradaSchema)
    .min(1)
    .max(100)
    .description(
      'NF-e e NFC-e: os meios de pagamento (pag/detPag). Obrigatório na NFC-e; na NF-e, padrão: 99 (outros) pelo total. A soma deve cobrir o total; o que passa dele é o troco (vTroco), só possível quando há dinheiro (01).',
    )
    .example([
      { meio: '01', valor: 50 },
      { meio: '03', valor: 30.5, cartao: { bandeira: '02' } },
    ]),
  simplesNacional: Joi.object({
    anexo: Joi.string().valid('I', 'II').required().description('Anexo da LC 123/2006: I comércio, II indústria.').example('I'),
    receitaBruta12Meses: Joi.number().required().description('RBT12: receita bruta dos 12 meses anteriores, em reais.').example(300000),
  }).description(
    'Emitente do Simples Nacional: a faixa que dá o crédito do comprador (pCredSN = parcela do ICMS da alíquota efetiva, LC 123/2006 art. 23); obrigatório com CSOSN 101 ou 201.',
  ),
});

/** The fields of the emission input (the validator refuses any other with `campo_desconhecido`). */
export const CAMPOS_EMISSAO: readonly string[] = Object.keys((emissaoDocumentoSchema.describe() as { keys: Record<string, unknown> }).keys);

const linhaImpostoSchema = Joi.object({
  tributo: Joi.string()
    .valid(...Tributos)
    .required(),
  base: Joi.number().required(),
  aliquota: Joi.number().required(),
  valor: Joi.number().required(),
  informativo: Joi.boolean().required(),
});

/**
 * `PENDENTE`: transmitted and SEFAZ's answer is not known yet (timeout, connection lost); it is resolved by a
 * protocol query, never by a new number. `DENEGADO`: SEFAZ denied its use (the number is spent, not voided).
 */
export const SituacoesDocumento = ['AUTORIZADO', 'CANCELADO', 'REJEITADO', 'DENEGADO', 'PENDENTE'] as const;
export type SituacaoDocumento = (typeof SituacoesDocumento)[number];

const instante = () => Joi.date().allow(null).required();

/** A fiscal document as GraphQL (`DocumentoFiscal`) and REST (`dados`) show it: money in reais, instants ISO-8601. */
export const documentoFiscalSchema = Joi.object({
  id: Joi.string().required(),
  referencia: Joi.string().required(),
  modelo: Joi.string()
    .valid(...ModelosDocumento)
    .required(),
  serie: Joi.number().integer().required(),
  numero: Joi.number().integer().required(),
  chaveAcesso: Joi.string().allow('').required().description('44 caracteres (NF-e, NFC-e, CT-e) ou 50 (NFS-e: a chave da Sefin Nacional, vazia até a Sefin responder).'),
  situacao: Joi.string()
    .valid(...SituacoesDocumento)
    .required(),
  ambiente: Joi.string()
    .valid(...Ambientes)
    .required(),
  emitidoEm: Joi.date().required(),
  autorizadoEm: instante(),
  protocolo: Joi.string().allow(null).required(),
  cStat: Joi.string().allow(null).required().description('Código de status da última resposta do autorizador (3 ou 4 dígitos).'),
  motivo: Joi.string().allow(null).required(),
  emitenteCnpj: Joi.string().required(),
  destinatarioDocumento: Joi.string().allow(null).required(),
  destinatarioNome: Joi.string().allow(null).required().description('O nome do destinatário como emitido (null quando não foi dado).'),
  valorTotal: Joi.number().required(),
  impostos: Joi.array().items(linhaImpostoSchema).required(),
  simplesRemessa: Joi.boolean().required(),
  prazoCancelamento: instante().description('Até quando ainda pode ser cancelado; null quando não pode mais.'),
  canceladoEm: instante(),
  justificativaCancelamento: Joi.string().allow(null).required(),
  protocoloCancelamento: Joi.string().allow(null).required(),
  entregueEm: instante(),
  servicoIniciadoEm: instante(),
  competencia: Joi.string().allow(null).required().description('NFS-e: MM/AAAA.'),
  modalidadeFrete: Joi.number().integer().valid(0, 1, 2, 3, 4, 9).allow(null).required().description('NF-e: modFrete; null nos outros modelos.'),
  chaveNfseSubstituida: Joi.string().allow(null).required().description('NFS-e: a chave da NFS-e que esta substitui (DPS subst / SubstituirNfse); null quando não substitui nenhuma.'),
  chaveSubstituta: Joi.string()
    .allow(null)
    .required()
    .description('A chave do documento emitido no lugar deste, quando foi cancelado por substituição (NFC-e 110112, NFS-e 105102); null nos outros casos.'),
});

/** The TypeScript face of `documentoFiscalSchema` (fiscal-document's views build it). */
export interface DocumentoFiscal {
  id: string;
  referencia: string;
  modelo: (typeof ModelosDocumento)[number];
  serie: number;
  numero: number;
  chaveAcesso: string;
  situacao: (typeof SituacoesDocumento)[number];
  ambiente: (typeof Ambientes)[number];
  emitidoEm: Date;
  autorizadoEm: Date | null;
  protocolo: string | null;
  cStat: string | null;
  motivo: string | null;
  emitenteCnpj: string;
  destinatarioDocumento: string | null;
  destinatarioNome: string | null;
  valorTotal: number;
  impostos: { tributo: (typeof Tributos)[number]; base: number; aliquota: number; valor: number; informativo: boolean }[];
  simplesRemessa: boolean;
  prazoCancelamento: Date | null;
  canceladoEm: Date | null;
  justificativaCancelamento: string | null;
  protocoloCancelamento: string | null;
  entregueEm: Date | null;
  servicoIniciadoEm: Date | null;
  competencia: string | null;
  modalidadeFrete: number | null;
  chaveNfseSubstituida: string | null;
  chaveSubstituta: string | null;
}
