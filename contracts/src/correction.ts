import Joi from 'joi';
import { ModelosDocumento } from './tax';
import type { DocumentoFiscalEvento } from './fiscal';

/**
 * The correction letter (CC-e, event 110110) of an NF-e, and the CT-e's (event 110110 of the CT-e, `alteracoes`),
 * on one API: `POST /api/erp/faturamento/documentos/{id}/carta-correcao`, GraphQL `registrarCartaCorrecao`.
 */

/** NF-e `xCorrecao`: 15 to 1,000 characters (e110110_v1.00.xsd). */
export const CORRECAO_MIN = 15;
export const CORRECAO_MAX = 1000;
/** At most 20 correction letters per NF-e (nSeqEvento 1-20, MOC 7.0 event 110110). */
export const CORRECOES_MAX = 20;

/**
 * `xCondUso`: the conditions of use the event must carry word for word (one of the two spellings the schema's
 * enumeration allows: this one without diacritics), Convênio S/Nº de 15/12/1970 art. 7º §1º-A.
 */
export const CONDICAO_USO_CCE =
  'A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.';

/** A CT-e correction: the group, field and new value (and the item, for repeated groups). */
export interface AlteracaoCte {
  grupo: string;
  campo: string;
  valor: string;
  numeroItem?: number;
}

export const alteracaoCteSchema = Joi.object<AlteracaoCte>({
  grupo: Joi.string().min(1).max(20).required(),
  campo: Joi.string().min(1).max(20).required(),
  valor: Joi.string().min(1).max(500).required(),
  numeroItem: Joi.number().integer().min(1).max(99),
});

export const cartaCorrecaoEntradaSchema = Joi.object({
  correcao: Joi.string()
    .min(CORRECAO_MIN)
    .max(CORRECAO_MAX)
    .description(
      'NF-e: o texto da correção (xCorrecao), 15 a 1.000 caracteres. Não corrige valores, quantidades, tributos, a identidade das partes nem as datas (Convênio S/Nº de 1970 art. 7º §1º-A).',
    )
    .example('Onde se lê "Rua Augusta, 500", leia-se "Rua Augusta, 550". Transportadora: Rápido Paulista Ltda.'),
  alteracoes: Joi.array()
    .items(alteracaoCteSchema)
    .min(1)
    .max(50)
    .description(
      'CT-e: as alterações (evCCeCTe/infCorrecao: grupo, campo, valor, numeroItem 1-99 para grupo repetido). Não corrige valores e tributos (vPrest, Comp, imp, ICMS*, IBSCBS, infQ), CNPJ/CPF das partes, nem a identificação e data do CT-e (Convênio SINIEF 06/89 art. 58-B).',
    )
    .example([{ grupo: 'compl', campo: 'xObs', valor: 'Entrega pelo portão 2 do armazém' }]),
});

/** A correction letter registered by the authorizer (GraphQL `CartaCorrecao`, REST `dados`). */
export interface CartaCorrecao {
  documentoId: string;
  sequencia: number;
  correcao: string;
  protocolo: string;
  registradaEm: string;
  cStat: string;
  motivo: string;
}

export const cartaCorrecaoSchema = Joi.object<CartaCorrecao>({
  documentoId: Joi.string().required(),
  sequencia: Joi.number().integer().min(1).max(CORRECOES_MAX).required(),
  correcao: Joi.string().required(),
  protocolo: Joi.string().required(),
  registradaEm: Joi.string().isoDate().required(),
  cStat: Joi.string().required(),
  motivo: Joi.string().required(),
});

/**
 * Event `ERP_NFE_CARTA_CORRECAO` on `fiscal.v1.ERP_NFE_CARTA_CORRECAO` (JetStream, `Nats-Msg-Id` = `eventId`): a
 * correction letter was registered; accounting keeps it with the document (it changes no figure).
 */
export interface CartaCorrecaoRegistradaEvent extends DocumentoFiscalEvento {
  sequencia: number;
  /** The NF-e's text; for a CT-e its changes read as one text (`grupo.campo[item]: valor; …`). */
  correcao: string;
  /** CT-e only: the changes as sent (evCCeCTe/infCorrecao). */
  alteracoes?: AlteracaoCte[];
  protocolo: string;
  registradaEm: string;
}

export const cartaCorrecaoRegistradaEventSchema = Joi.object<CartaCorrecaoRegistradaEvent>({
  eventId: Joi.string().required(),
  companyId: Joi.string().required(),
  documentoId: Joi.string().required(),
  referencia: Joi.string().required(),
  chaveAcesso: Joi.string().required(),
  modelo: Joi.string()
    .valid(...ModelosDocumento)
    .required(),
  serie: Joi.number().integer().required(),
  numero: Joi.number().integer().required(),
  sequencia: Joi.number().integer().min(1).max(CORRECOES_MAX).required(),
  correcao: Joi.string().required(),
  alteracoes: Joi.array().items(alteracaoCteSchema),
  protocolo: Joi.string().required(),
  registradaEm: Joi.string().isoDate().required(),
});
