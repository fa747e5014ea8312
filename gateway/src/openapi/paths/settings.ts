import { success } from '../schemas';
import { header, param, ref, SETTINGS, type Paths } from '../operation';

/** The fiscal settings paths (session). */

export const SETTINGS_PATHS: Paths = {
  '/api/erp/faturamento/configuracao': {
    get: {
      summary: 'Lê a configuração fiscal da empresa da sessão (segredos mascarados)',
      tags: [SETTINGS],
      security: 'sessao',
      ok: { 200: { description: 'A configuração; `ETag` é a versão', schema: success(ref('ConfiguracaoFiscal')), headers: { ETag: header('ETag') } } },
      refusals: {},
    },
    put: {
      summary: 'Substitui a configuração fiscal (somente admin)',
      description: 'Com `If-Match` (o `ETag` do GET), recusa com 409 se outra versão foi salva desde a leitura.',
      tags: [SETTINGS],
      security: 'sessaoAdmin',
      parameters: [param('IfMatch')],
      body: ref('ConfiguracaoFiscalEntrada'),
      ok: { 200: { description: 'A configuração salva; `ETag` é a nova versão', schema: success(ref('ConfiguracaoFiscal')), headers: { ETag: header('ETag') } } },
      refusals: {
        400: [
          'CORPO_INVALIDO',
          'CONFIGURACAO_INVALIDA',
          'VERSAO_ESPERADA_INVALIDA',
          'CERTIFICADO_SENHA_INVALIDA',
          'CERTIFICADO_FORMATO_INVALIDO',
          'CERTIFICADO_SEM_CHAVE_PRIVADA',
          'CERTIFICADO_EXPIRADO',
          'CERTIFICADO_AINDA_NAO_VALIDO',
          'CERTIFICADO_SEM_CNPJ',
          'CERTIFICADO_CNPJ_DIVERGENTE',
        ],
        409: ['CONFLITO_DE_EDICAO'],
      },
    },
  },
};
