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
      summary: 'Provisiona os impostos a pagar nos títulos dos seus períodos (somente admin; idempotente)',
      description:
        'Um título por empresa, tributo e período de apuração (mês; trimestre do IRPJ/CSLL; a operação no DIFAL), em versões: cada simulação ' +
        'provisionada soma a sua parte (no lucro real, o IRPJ/CSLL do trimestre da simulação mais nova vale). A primeira chamada e cada ' +
        'repetição respondem o mesmo; uma chamada depois de a empresa informar o vencimento da CBS, do IBS ou do IS acrescenta só o que faltava. ' +
        'Só a simulação do regime da empresa vira título (409 REGIME_DIFERENTE_DA_EMPRESA); numa comparação de regimes, só um (409).',
      tags: [TAXES],
      security: 'sessaoAdmin',
      parameters: [param('Id')],
      pathParams: true,
      ok: { 200: { description: 'A simulação com os títulos', schema: success(ref('SimulacaoImposto')) } },
      refusals: { 404: ['SIMULACAO_NAO_ENCONTRADA'], 409: ['REGIME_DIFERENTE_DA_EMPRESA', 'COMPARACAO_JA_PROVISIONADA'], 503: ['SERVICO_INDISPONIVEL'] },
    },
  },
};
