import { EXEMPLO_EMISSAO_CTE, EXEMPLO_EMISSAO_CTE_OS } from '@erp/contracts';
import type { JsonSchema } from '../joi-schema';
import { success } from '../schemas';
import { DOCUMENTS, header, param, ref, type Operation, type Paths, type Status } from '../operation';
import { DOCUMENT_SEARCH } from './document-search';

/** The fiscal documents and voidings paths (session). */

const documentAction = (summary: string, refusals: Record<Status, string[]>, admin = false, body?: JsonSchema, withMessage = false): Operation => ({
  summary,
  tags: [DOCUMENTS],
  security: admin ? 'sessaoAdmin' : 'sessao',
  parameters: [param('Id')],
  pathParams: true,
  ...(body ? { body } : {}),
  ok: { 200: { description: 'O documento depois da operação', schema: success(ref('DocumentoFiscal'), withMessage) } },
  refusals: { 404: ['DOCUMENTO_NAO_ENCONTRADO'], ...refusals },
});

export const DOCUMENTS_PATHS: Paths = {
  '/api/erp/faturamento/documentos': {
    get: DOCUMENT_SEARCH,
    post: {
      summary: 'Emite um documento fiscal (NF-e, NFC-e, CT-e, NFS-e)',
      description: '201 para um documento novo; 200 com o mesmo documento quando a `referencia` já foi usada com o mesmo conteúdo.',
      tags: [DOCUMENTS],
      security: 'sessao',
      body: ref('EmissaoDocumento'),
      examples: {
        cte: { summary: 'CT-e rodoviário (modelo 57), São Paulo -> Rio de Janeiro, emitente do regime normal em SP', value: EXEMPLO_EMISSAO_CTE },
        cteOs: { summary: 'CT-e OS (modelo 67), fretamento de ônibus São Paulo -> Rio de Janeiro, emitente do regime normal em SP', value: EXEMPLO_EMISSAO_CTE_OS },
      },
      ok: {
        201: { description: 'Documento emitido', schema: success(ref('DocumentoFiscal')) },
        200: { description: 'O documento já emitido com esta referencia', schema: success(ref('DocumentoFiscal')) },
      },
      refusals: {
        400: ['CORPO_INVALIDO', 'DOCUMENTO_INVALIDO'],
        409: ['REFERENCIA_REUTILIZADA', 'EMISSAO_EM_ANDAMENTO'],
        422: [
          'CONFIGURACAO_INCOMPLETA',
          'CERTIFICADO_AUSENTE',
          'CERTIFICADO_EXPIRADO',
          'CERTIFICADO_CNPJ_DIVERGENTE',
          'AUTORIZADOR_INDISPONIVEL',
          'XML_FORA_DO_LEIAUTE',
          'DOCUMENTO_REJEITADO',
          'DOCUMENTO_DENEGADO',
        ],
        503: ['SERVICO_INDISPONIVEL'],
      },
    },
  },
  '/api/erp/faturamento/documentos/{id}': {
    get: {
      summary: 'Lê um documento fiscal da empresa',
      tags: [DOCUMENTS],
      security: 'sessao',
      parameters: [param('Id')],
      pathParams: true,
      ok: { 200: { description: 'O documento', schema: success(ref('DocumentoFiscal')) } },
      refusals: { 404: ['DOCUMENTO_NAO_ENCONTRADO'] },
    },
  },
  '/api/erp/faturamento/documentos/{id}/cancelar': {
    post: documentAction(
      'Cancela um documento autorizado, dentro do prazo (somente admin)',
      {
        400: ['CORPO_INVALIDO', 'JUSTIFICATIVA_INVALIDA', 'CHAVE_SUBSTITUTA_INVALIDA'],
        409: ['DOCUMENTO_JA_CANCELADO', 'CANCELAMENTO_EM_ANDAMENTO'],
        422: ['DOCUMENTO_NAO_AUTORIZADO', 'PRAZO_CANCELAMENTO_EXPIRADO', 'MERCADORIA_ENTREGUE', 'SERVICO_INICIADO', 'CARTA_CORRECAO_REGISTRADA', 'DOCUMENTO_REJEITADO', 'AUTORIZADOR_INDISPONIVEL', 'CHAVE_SUBSTITUTA_INVALIDA'],
        503: ['CANCELAMENTO_PENDENTE', 'SERVICO_INDISPONIVEL'],
      },
      true,
      ref('Cancelamento'),
      true,
    ),
  },
  '/api/erp/faturamento/documentos/{id}/xml': {
    get: {
      summary: 'O XML do documento: o nfeProc autorizado, ou a NF-e assinada enviada à SEFAZ',
      tags: [DOCUMENTS],
      security: 'sessao',
      parameters: [param('Id')],
      pathParams: true,
      ok: {
        200: {
          description: 'O XML (`<chave>-procNFe.xml`, ou `<chave>-nfe.xml` antes da resposta da SEFAZ)',
          mediaType: 'application/xml',
          schema: { type: 'string', contentMediaType: 'application/xml' },
          headers: { 'Content-Disposition': header('ContentDisposition') },
        },
      },
      refusals: { 404: ['DOCUMENTO_NAO_ENCONTRADO', 'XML_INDISPONIVEL'], 429: ['CONSULTAS_SIMULTANEAS_DEMAIS'] },
    },
  },
  '/api/erp/faturamento/documentos/{id}/danfe.pdf': {
    get: {
      summary: 'O DANFE (NF-e, A4) ou o DANFCE (NFC-e, bobina de 80 mm) em PDF',
      description: 'Feito do XML autorizado; de um documento do autorizador local, do documento guardado, marcado "SEM VALOR FISCAL - HOMOLOGAÇÃO".',
      tags: [DOCUMENTS],
      security: 'sessao',
      parameters: [param('Id')],
      pathParams: true,
      ok: {
        200: {
          description: 'O PDF, com o código de barras CODE-128C da chave (NF-e) ou o QR Code (NFC-e)',
          mediaType: 'application/pdf',
          schema: { type: 'string', contentMediaType: 'application/pdf' },
          headers: { 'Content-Disposition': header('ContentDisposition') },
        },
      },
      refusals: { 404: ['DOCUMENTO_NAO_ENCONTRADO'], 422: ['DOCUMENTO_NAO_AUTORIZADO', 'DANFE_INDISPONIVEL'], 429: ['CONSULTAS_SIMULTANEAS_DEMAIS'], 503: ['SERVICO_INDISPONIVEL'] },
    },
  },
  '/api/erp/faturamento/documentos/{id}/carta-correcao': {
    post: {
      summary: 'Registra uma carta de correção (CC-e, evento 110110) de uma NF-e ou de um CT-e autorizado (somente admin)',
      description:
        'NF-e: `correcao` (15 a 1.000 caracteres), recusada quando o texto trata de valores, quantidades, tributos, identidade das partes ou datas. CT-e: `alteracoes` [{grupo, campo, valor, numeroItem?}] (evCCeCTe), cada falha em `campos` (`correcao_proibida`: valores e tributos, CNPJ/CPF das partes, identificação e data do CT-e). O campo do outro modelo é 400 CORRECAO_INVALIDA. Sequência de 1 a 20, a próxima livre. Um CT-e com carta registrada não pode mais ser cancelado (CARTA_CORRECAO_REGISTRADA).',
      tags: [DOCUMENTS],
      security: 'sessaoAdmin',
      parameters: [param('Id')],
      pathParams: true,
      body: ref('CartaCorrecaoEntrada'),
      examples: {
        nfe: { summary: 'NF-e: o texto da correção', value: { correcao: 'Onde se lê "Rua Augusta, 500", leia-se "Rua Augusta, 550". Transportadora: Rápido Paulista Ltda.' } },
        cte: {
          summary: 'CT-e: as alterações (grupo, campo, valor, item do grupo repetido)',
          value: { alteracoes: [{ grupo: 'compl', campo: 'xObs', valor: 'Entrega pelo portão 2 do armazém' }, { grupo: 'ObsCont', campo: 'xTexto', valor: 'Agendar com 24 h', numeroItem: 1 }] },
        },
      },
      ok: { 201: { description: 'A carta registrada pela SEFAZ', schema: success(ref('CartaCorrecao'), true) } },
      refusals: {
        400: ['CORPO_INVALIDO', 'CORRECAO_INVALIDA'],
        404: ['DOCUMENTO_NAO_ENCONTRADO'],
        409: ['DOCUMENTO_JA_CANCELADO'],
        422: ['CORRECAO_MATERIA_VEDADA', 'CORRECAO_INDISPONIVEL', 'DOCUMENTO_NAO_AUTORIZADO', 'LIMITE_CORRECOES', 'CORRECAO_REJEITADA', 'AUTORIZADOR_INDISPONIVEL'],
        503: ['CORRECAO_PENDENTE', 'SERVICO_INDISPONIVEL'],
      },
    },
  },
  '/api/erp/faturamento/documentos/{id}/carta-correcao.xml': {
    get: {
      summary: 'O procEventoNFe (procEventoCTe no CT-e) da última carta de correção registrada, ou da de `sequencia`',
      tags: [DOCUMENTS],
      security: 'sessao',
      parameters: [
        param('Id'),
        { name: 'sequencia', in: 'query', required: false, description: 'A sequência da carta (1 a 20, como `cartasCorrecao` lista); sem ela, a última.', schema: { type: 'integer', minimum: 1, maximum: 20 } },
      ],
      pathParams: true,
      ok: {
        200: {
          description: 'O XML (`<chave>-cce-<nn>-procEventoNFe.xml`)',
          mediaType: 'application/xml',
          schema: { type: 'string', contentMediaType: 'application/xml' },
          headers: { 'Content-Disposition': header('ContentDisposition') },
        },
      },
      refusals: { 404: ['DOCUMENTO_NAO_ENCONTRADO', 'XML_INDISPONIVEL'], 429: ['CONSULTAS_SIMULTANEAS_DEMAIS'] },
    },
  },
  '/api/erp/faturamento/documentos/{id}/entrega': {
    post: documentAction('NF-e: registra a entrega da mercadoria (encerra o prazo de cancelamento)', {
      409: ['DOCUMENTO_JA_CANCELADO'],
      422: ['MARCACAO_INVALIDA', 'DOCUMENTO_NAO_AUTORIZADO'],
    }),
  },
  '/api/erp/faturamento/documentos/{id}/inicio-servico': {
    post: documentAction('CT-e: registra o início da prestação (encerra o prazo de cancelamento)', {
      409: ['DOCUMENTO_JA_CANCELADO'],
      422: ['MARCACAO_INVALIDA', 'DOCUMENTO_NAO_AUTORIZADO'],
    }),
  },
  '/api/erp/faturamento/inutilizacoes': {
    post: {
      summary: 'Inutiliza números tomados e nunca autorizados de uma série de NF-e ou NFC-e (somente admin)',
      description: '201 para uma inutilização nova; 200 com a mesma inutilização quando a faixa já foi inutilizada por um pedido igual.',
      tags: [DOCUMENTS],
      security: 'sessaoAdmin',
      body: ref('InutilizacaoEntrada'),
      ok: {
        201: { description: 'Inutilizada pelo autorizador', schema: success(ref('Inutilizacao'), true) },
        200: { description: 'A inutilização já registrada desta faixa', schema: success(ref('Inutilizacao'), true) },
      },
      refusals: {
        400: ['CORPO_INVALIDO', 'INUTILIZACAO_INVALIDA'],
        409: ['INUTILIZACAO_PENDENTE'],
        422: ['FAIXA_NAO_INUTILIZAVEL', 'INUTILIZACAO_REJEITADA', 'CONFIGURACAO_INCOMPLETA', 'AUTORIZADOR_INDISPONIVEL'],
        503: ['INUTILIZACAO_PENDENTE', 'SERVICO_INDISPONIVEL'],
      },
    },
    get: {
      summary: 'As inutilizações da empresa, da mais recente (automáticas e manuais)',
      tags: [DOCUMENTS],
      security: 'sessao',
      parameters: [param('Modelo'), param('Primeiros')],
      ok: { 200: { description: 'As inutilizações', schema: success({ type: 'array', items: ref('Inutilizacao') }) } },
      refusals: { 400: ['INUTILIZACAO_INVALIDA'], 429: ['CONSULTAS_SIMULTANEAS_DEMAIS'] },
    },
  },
};
