import Joi from 'joi';
import { documentoFiscalSchema, type DocumentoFiscal } from './emission';

/**
 * A document's detail, as GraphQL (`detalheDocumentoFiscal`) shows it for the page's own route
 * (`/admin/documentos/<id>`): the document, its recipient with name and address, its items each with its own tax
 * lines, what happened to it (events) and the files it has. Money in reais.
 */

const texto = () => Joi.string().allow(null).required();
const impostos = () => documentoFiscalSchema.extract('impostos');

export const TiposEventoDocumento = ['AUTORIZACAO', 'REJEICAO', 'DENEGACAO', 'CANCELAMENTO', 'ENTREGA', 'INICIO_SERVICO'] as const;
export const TiposArquivoDocumento = ['XML', 'XML_CANCELAMENTO', 'DANFE', 'DANFCE'] as const;

export const destinatarioDocumentoSchema = Joi.object({
  documento: Joi.string().required(),
  tipoDocumento: Joi.string().valid('CNPJ', 'CPF', 'ESTRANGEIRO').required(),
  nome: texto(),
  uf: texto(),
  codigoMunicipio: texto(),
  inscricaoEstadual: texto(),
  logradouro: texto(),
  numero: texto(),
  complemento: texto(),
  bairro: texto(),
  municipio: texto(),
  cep: texto(),
});

export const itemDocumentoSchema = Joi.object({
  numero: Joi.number().integer().required().description('nItem: 1, 2, ... na ordem da emissão.'),
  codigo: Joi.string().required(),
  descricao: Joi.string().required(),
  quantidade: Joi.number().required(),
  unidade: Joi.string().required(),
  valorUnitario: Joi.number().required(),
  valorTotal: Joi.number().required().description('Quantidade x valor unitário, arredondado ao centavo (metade para cima).'),
  ncm: texto(),
  cfop: texto(),
  cst: texto(),
  csosn: texto(),
  cest: texto(),
  codigoServico: texto(),
  aliquotaIss: Joi.number().allow(null).required(),
  impostos: impostos().description('As linhas de imposto deste item, como o motor de impostos as calculou (vazio em documentos emitidos antes de serem guardadas).'),
});

export const eventoDocumentoSchema = Joi.object({
  tipo: Joi.string()
    .valid(...TiposEventoDocumento)
    .required(),
  descricao: Joi.string().required(),
  em: Joi.date().required(),
  protocolo: texto(),
  detalhe: texto().description('A justificativa de um cancelamento, o motivo de uma rejeição.'),
});

export const arquivoDocumentoSchema = Joi.object({
  tipo: Joi.string()
    .valid(...TiposArquivoDocumento)
    .required(),
  nome: Joi.string().required(),
  caminho: Joi.string().required().description('O caminho REST do arquivo (com a mesma sessão).'),
});

export const detalheDocumentoFiscalSchema = Joi.object({
  documento: documentoFiscalSchema.required(),
  destinatario: destinatarioDocumentoSchema.allow(null).required(),
  itens: Joi.array().items(itemDocumentoSchema).required(),
  eventos: Joi.array().items(eventoDocumentoSchema).required(),
  arquivos: Joi.array().items(arquivoDocumentoSchema).required(),
});

type Texto = string | null;
export interface DestinatarioDocumento {
  documento: string;
  tipoDocumento: 'CNPJ' | 'CPF' | 'ESTRANGEIRO';
  nome: Texto;
  uf: Texto;
  codigoMunicipio: Texto;
  inscricaoEstadual: Texto;
  logradouro: Texto;
  numero: Texto;
  complemento: Texto;
  bairro: Texto;
  municipio: Texto;
  cep: Texto;
}
export interface ItemDocumento {
  numero: number;
  codigo: string;
  descricao: string;
  quantidade: number;
  unidade: string;
  valorUnitario: number;
  valorTotal: number;
  ncm: Texto;
  cfop: Texto;
  cst: Texto;
  csosn: Texto;
  cest: Texto;
  codigoServico: Texto;
  aliquotaIss: number | null;
  impostos: DocumentoFiscal['impostos'];
}
export interface EventoDocumento {
  tipo: (typeof TiposEventoDocumento)[number];
  descricao: string;
  em: Date;
  protocolo: Texto;
  detalhe: Texto;
}
export interface ArquivoDocumento {
  tipo: (typeof TiposArquivoDocumento)[number];
  nome: string;
  caminho: string;
}
export interface DetalheDocumentoFiscal {
  documento: DocumentoFiscal;
  destinatario: DestinatarioDocumento | null;
  itens: ItemDocumento[];
  eventos: EventoDocumento[];
  arquivos: ArquivoDocumento[];
}
