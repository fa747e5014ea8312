import Joi from 'joi';
import { Ambientes } from './settings';
import { enderecoEntradaSchema } from './address';
import { cteEntradaSchema } from './cte';
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

export const destinatarioEntradaSchema = Joi.object({
  documento: Joi.string().max(20).required().description('CNPJ (numérico ou alfanumérico) ou CPF; pontuação aceita.').example('11222333000181'),
  nome: Joi.string().min(2).max(60),
  uf: Joi.string().max(2).description('Sigla da UF, ou EX (exterior).').example('SP'),
  codigoMunicipio: Joi.string().max(7).description('Código IBGE do município, 7 dígitos.').example('3550308'),
  inscricaoEstadual: Joi.string().max(20).description('De 2 a 14 dígitos, ou ISENTO.'),
  endereco: enderecoEntradaSchema,
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
};

export const itemEntradaSchema = Joi.object({
  ...itemMercadoria,
  codigoServico: Joi.string().description('NFS-e: item da LC 116/2003 (NN.NN); padrão: o da empresa.'),
  aliquotaIss: Joi.number().description('NFS-e: alíquota do ISS em percentual, de 2 a 5.'),
});

/** The items of an invoiced order: goods only (the order event issues an NF-e). */
export const itemPedidoSchema = Joi.object(itemMercadoria);

export const emissaoDocumentoSchema = Joi.object({
  referencia: Joi.string().max(60).required().description('Chave do chamador: a mesma referencia nunca gera um segundo documento.').example('PED-1'),
  modelo: Joi.string()
    .valid(...ModelosDocumento)
    .required(),
  serie: Joi.number().integer().description('Uma das séries da empresa; padrão: a série padrão.'),
  destinatario: destinatarioEntradaSchema.description('Obrigatório, exceto na NFC-e (consumidor não identificado).'),
  itens: Joi.array().items(itemEntradaSchema).min(1).max(990).required(),
  chaveCteReferenciada: Joi.string().description('Só NF-e: a chave do CT-e do frete (NFref/refCTe).'),
  chavesNfeTransportadas: Joi.array().items(Joi.string()).description('Só CT-e: as chaves das NF-e transportadas.'),
  competencia: Joi.string().description('NFS-e: MM/AAAA, de janeiro do ano anterior até o mês de emissão.').example('11/2026'),
  cte: cteEntradaSchema.description('Só CT-e (obrigatório): a prestação do transporte; os itens são os componentes do valor da prestação (Comp), todos com o mesmo CFOP de transporte e a mesma situação do ICMS.'),
  modalidadeFrete: Joi.number()
    .integer()
    .valid(0, 1, 2, 3, 4, 9)
    .description('Só NF-e: modFrete (0 emitente/CIF, 1 destinatário/FOB, 2 terceiros, 3 e 4 transporte próprio, 9 sem frete). Padrão: 0 com chaveCteReferenciada, senão 9.'),
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
  chaveAcesso: Joi.string().required().description('44 caracteres (NF-e, NFC-e, CT-e) ou 50 (NFS-e).'),
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
}
