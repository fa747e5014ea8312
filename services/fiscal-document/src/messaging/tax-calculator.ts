import {
  FiscalDocumentErrorCodes,
  Refusal,
  Subjects,
  TaxErrorCodes,
  type CampoInvalido,
  type OperacaoTributavel,
  type ResultadoCalculo,
} from '@erp/contracts';
import { dependencyUnavailable, requestReply, type NatsConnection } from '@erp/kit';


/**
 * The taxes of each operation (its lines, and the DIFAL of an interstate sale to a consumer who is not a taxpayer),
 * from the tax-simulation service's engine: one engine for documents and simulations.
 */
export type TaxCalculator = (companyId: string, operacoes: OperacaoTributavel[]) => Promise<ResultadoCalculo[]>;

/**
 * Where an operation's field comes from in the emission (one operation per item, in the items' order): the item's
 * own fields, its total (`valor` = quantidade x valorUnitario), the recipient's UF, or the company's settings.
 */
const ORIGEM_DO_CAMPO: Record<string, (item: string) => string> = {
  valor: (item) => item,
  ufDestino: () => 'destinatario.uf',
  ufOrigem: () => 'empresa.uf',
  regime: () => 'empresa.regimeTributario',
  tipoDocumento: () => 'modelo',
  anexoSimples: () => 'simplesNacional.anexo',
  receitaBruta12Meses: () => 'simplesNacional.receitaBruta12Meses',
};

export function campoDoDocumento(campoOperacao: string): string {
  const partes = /^operacoes\[(\d+)\]\.(.+)$/.exec(campoOperacao);
  if (!partes) return campoOperacao;
  const item = `itens[${partes[1]}]`;
  return ORIGEM_DO_CAMPO[partes[2]]?.(item) ?? `${item}.${partes[2]}`;
}

export function taxCalculator(nc: NatsConnection, timeoutMs: number): TaxCalculator {
  return async (companyId, operacoes) => {
    let reply;
    try {
      reply = await requestReply(nc, Subjects.taxCalculate, { companyId, operacoes }, { timeoutMs });
    } catch (error) {
      throw dependencyUnavailable('cálculo de impostos', error);
    }
    if (reply.ok) return reply.resultados;
    if (reply.codigo === TaxErrorCodes.SIMULACAO_INVALIDA && 'campos' in reply) {
      // The document passed our own checks, so this is a field only the tax engine judges (e.g. an NCM it refuses, a
      // value above its limit), named as the document's field the caller sent.
      const campos: CampoInvalido[] = [];
      for (const c of reply.campos) {
        const campo = campoDoDocumento(c.campo);
        if (!campos.some((x) => x.campo === campo && x.regra === c.regra)) campos.push({ ...c, campo });
      }
      throw new Refusal(FiscalDocumentErrorCodes.DOCUMENTO_INVALIDO, `documento inválido para o cálculo de impostos: ${campos.map((c) => c.campo).join(', ')}`, {
        extra: { campos },
      });
    }
    throw dependencyUnavailable('cálculo de impostos', new Error(`${reply.codigo}: ${reply.erro}`));
  };
}
