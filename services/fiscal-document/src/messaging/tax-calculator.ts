import { FiscalDocumentErrorCodes, Refusal, Subjects, TaxErrorCodes, type LinhaImpostoCalculada, type OperacaoTributavel } from '@erp/contracts';
import { requestReply, type NatsConnection } from '@erp/kit';
import { dependencyUnavailable } from './fiscal-settings';

/** The taxes of each operation, from the tax-simulation service's engine (one engine for documents and simulations). */
export type TaxCalculator = (companyId: string, operacoes: OperacaoTributavel[]) => Promise<LinhaImpostoCalculada[][]>;

export function taxCalculator(nc: NatsConnection, timeoutMs: number): TaxCalculator {
  return async (companyId, operacoes) => {
    let reply;
    try {
      reply = await requestReply(nc, Subjects.taxCalculate, { companyId, operacoes }, { timeoutMs });
    } catch (error) {
      throw dependencyUnavailable('cálculo de impostos', error);
    }
    if (reply.ok) return reply.resultados.map((r) => r.linhas);
    if (reply.codigo === TaxErrorCodes.SIMULACAO_INVALIDA && 'campos' in reply) {
      // The document passed our own checks, so this is a field only the tax engine judges (e.g. an NCM it refuses).
      throw new Refusal(FiscalDocumentErrorCodes.DOCUMENTO_INVALIDO, `documento inválido para o cálculo de impostos: ${reply.erro}`, {
        extra: { campos: reply.campos.map((c) => ({ campo: c.campo, regra: c.codigo, erro: c.mensagem })) },
      });
    }
    throw dependencyUnavailable('cálculo de impostos', new Error(`${reply.codigo}: ${reply.erro}`));
  };
}
