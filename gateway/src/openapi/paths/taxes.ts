import { success } from '../schemas';
import { param, ref, TAXES, type Paths } from '../operation';

/** The tax simulation paths (session). */

export const TAXES_PATHS: Paths = {
  '/api/erp/faturamento/impostos/simulacoes': {
    post: {
      summary: 'Simula os impostos de uma operação e guarda a simulação',
      tags: [TAXES],
      security: 'sessao',
      body: ref('SimulacaoEntrada'),
      ok: { 201: { description: 'Simulação guardada', schema: success(ref('SimulacaoImposto')) } },
      refusals: { 400: ['SIMULACAO_INVALIDA'], 503: ['SERVICO_INDISPONIVEL'] },
    },
  },
  '/api/erp/faturamento/impostos/simulacoes/{id}': {
    get: {
      summary: 'Lê uma simulação guardada',
      tags: [TAXES],
      security: 'sessao',
      parameters: [param('Id')],
      pathParams: true,
      ok: { 200: { description: 'A simulação', schema: success(ref('SimulacaoImposto')) } },
      refusals: { 404: ['SIMULACAO_NAO_ENCONTRADA'] },
    },
  },
  '/api/erp/faturamento/impostos/simulacoes/{id}/provisionar': {
    post: {
      summary: 'Provisiona os impostos a pagar como títulos (somente admin; idempotente)',
      description:
        'A primeira chamada e cada repetição respondem os mesmos títulos; uma chamada depois de a empresa informar o vencimento da CBS, ' +
        'do IBS ou do IS cria só os títulos que faltavam. Numa comparação de regimes, só um regime pode ser provisionado (409).',
      tags: [TAXES],
      security: 'sessaoAdmin',
      parameters: [param('Id')],
      pathParams: true,
      ok: { 200: { description: 'A simulação com os títulos', schema: success(ref('SimulacaoImposto')) } },
      refusals: { 404: ['SIMULACAO_NAO_ENCONTRADA'], 409: ['COMPARACAO_JA_PROVISIONADA'], 503: ['SERVICO_INDISPONIVEL'] },
    },
  },
};
