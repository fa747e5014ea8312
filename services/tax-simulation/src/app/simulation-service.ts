import { randomUUID } from 'node:crypto';
import {
  CAMPOS_SIMULACAO,
  Refusal,
  TaxErrorCodes,
  type CampoInvalido,
  type ResultadoCalculo,
  type Session,
  type TaxCalculateReply,
  type TaxCalculateRequest,
} from '@erp/contracts';
import { dataBrasilia } from '@erp/fiscal-rules';
import { type Logger } from '@erp/kit';
import {
  compararRegimes,
  simular,
  simularDocumento,
  type DadosEmpresa,
  type EntradaSimulacao,
  type OpcoesSimulacao,
  type ResultadoSimulacao,
} from '../domain';
import type { CompanyDefaults } from '../messaging/company-settings';
import type { SimulacaoRecord } from '../store/models';
import type { PagePosition, SimulationStore } from '../store/simulation-store';
import { Provisioning } from './provisioning';
import { simulacaoView, type SimulacaoView } from './views';


/**
 * Simulation ids are UUIDs; anything else cannot be one of ours and is not looked up (a NUL character, for one,
 * makes the PostgreSQL behind FerretDB fail the query).
 */
const SIMULATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isSimulationId = (id: string): boolean => SIMULATION_ID.test(id);

export function invalidRefusal(campos: CampoInvalido[]): Refusal {
  const nomes = [...new Set(campos.map((c) => c.campo || 'entrada'))];
  return new Refusal(TaxErrorCodes.SIMULACAO_INVALIDA, `simulação inválida: ${nomes.join(', ')}`, { extra: { campos } });
}

export function notFound(): Refusal {
  return new Refusal(TaxErrorCodes.SIMULACAO_NAO_ENCONTRADA, 'simulação não encontrada', { status: 404 });
}

export interface SimulationServiceOptions {
  store: SimulationStore;
  companyDefaults: CompanyDefaults;
  /** Publishes the pending finance requests now (the outbox relay's flush). */
  announce: () => Promise<unknown>;
  log: Logger;
  now?: () => Date;
}

/**
 * The tax-simulation use cases around the pure engine: the company's defaults from its fiscal settings, the
 * kept `SimulacaoImposto` records, provisioning as payable titles (claimed by unique insert, each with its
 * finance request in the same insert) and the stateless calculation other services ask for over NATS.
 * Refusals are thrown as `Refusal`; no input, however malformed, gets past the engine's validator.
 */
export class SimulationService {
  private readonly store: SimulationStore;
  private readonly companyDefaults: CompanyDefaults;
  private readonly announce: () => Promise<unknown>;
  private readonly log: Logger;
  private readonly now: () => Date;
  private readonly provisioning: Provisioning;

  constructor(options: SimulationServiceOptions) {
    this.store = options.store;
    this.provisioning = new Provisioning(options.store);
    this.companyDefaults = options.companyDefaults;
    this.announce = options.announce;
    this.log = options.log;
    this.now = options.now ?? (() => new Date());
  }

  /** Simulates one operation and keeps the answer. */
  async simulate(session: Session, input: unknown): Promise<SimulacaoView> {
    const { entrada, opcoes, desconhecidos } = await this.prepare(session.companyId, input);
    const simulacao = simular(entrada, opcoes);
    if (!simulacao.ok || desconhecidos.length > 0) throw invalidRefusal([...(simulacao.ok ? [] : simulacao.erros), ...desconhecidos]);
    const [record] = await this.keep(session, entrada, opcoes.empresa ?? {}, [simulacao.resultado], null);
    return simulacaoView(record, [], new Map(), false);
  }

  /** The same operation under Simples Nacional, Lucro Presumido and Lucro Real, each kept (any may be provisioned). */
  async compare(session: Session, input: unknown): Promise<SimulacaoView[]> {
    const { entrada, opcoes, desconhecidos } = await this.prepare(session.companyId, input);
    const comparacao = compararRegimes(entrada, opcoes);
    if (!comparacao.ok || desconhecidos.length > 0) throw invalidRefusal([...(comparacao.ok ? [] : comparacao.erros), ...desconhecidos]);
    const records = await this.keep(session, entrada, opcoes.empresa ?? {}, comparacao.resultados, randomUUID());
    return records.map((record) => simulacaoView(record, [], new Map(), false));
  }

  /** A kept simulation of the company, or null: another company's id reads exactly like an unknown one. */
  async get(companyId: string, id: string): Promise<SimulacaoView | null> {
    if (!isSimulationId(id)) return null;
    const record = await this.store.find(companyId, id);
    return record ? (await this.views(companyId, [record]))[0] : null;
  }

  /** Newest first; asks the store for `limit` records after `depois`. */
  async page(companyId: string, limit: number, depois: PagePosition | null): Promise<{ views: SimulacaoView[]; records: SimulacaoRecord[] }> {
    const records = await this.store.page(companyId, limit, depois);
    return { views: await this.views(companyId, records), records };
  }

  /**
   * Puts the simulation on its periods' payable titles (one title per company, tax and period; see `Provisioning`),
   * each version with its finance request. Only a simulation of the company's regime (its fiscal settings now) is
   * provisioned; another is a what-if (409 `REGIME_DIFERENTE_DA_EMPRESA`). A second call, a retry or any number of
   * concurrent calls change nothing once the simulation is on its titles; a crash midway is finished by the next
   * call and the outbox relay publishes whatever is pending. A line without a due date takes the company's current
   * rule for it; without one it stays in `pendentesDeVencimento`, and a later call, once the company set the date,
   * adds just that line.
   */
  async provision(session: Session, id: string): Promise<SimulacaoView> {
    const { companyId, userId } = session;
    const record = isSimulationId(id) ? await this.store.find(companyId, id) : null;
    if (!record) throw notFound();
    const opcoes = await this.companyDefaults(companyId);
    this.provisioning.exigirRegimeDaEmpresa(record, opcoes);
    const now = this.now();
    if (record.comparacaoId !== null) {
      // The company pays under one regime: the first regime of a comparison provisioned is the only one.
      const escolhida = await this.store.claimComparison({ _id: record.comparacaoId, companyId, simulacaoId: record._id, em: now });
      if (escolhida !== record._id) {
        throw new Refusal(TaxErrorCodes.COMPARACAO_JA_PROVISIONADA, `outro regime desta comparação já foi provisionado (simulação ${escolhida})`, {
          status: 409,
          extra: { simulacaoProvisionada: escolhida },
        });
      }
    }
    await this.provisioning.provisionar(session, record, opcoes, now);
    // After the titles: a marker that outlives a crash between the two is never a provisioning without titles.
    await this.store.claimProvisioning({ _id: record._id, companyId, em: now, por: userId });
    await this.announceNow(record._id);
    return (await this.views(companyId, [record]))[0];
  }

  /**
   * `tax.v1.calculate`: the same engine and the same company defaults, nothing kept; the operations are the items
   * of one document, in order, so the quarter's IRPJ base and the year's revenue run through them (the items add up
   * to the whole document's IRPJ additional and LC 224 surcharge). One result per operation, or every invalid field
   * of every operation at once (`operacoes[i].campo`).
   */
  async calculate(request: TaxCalculateRequest): Promise<TaxCalculateReply> {
    const opcoes = await this.companyDefaults(request.companyId);
    const documento = simularDocumento(request.operacoes, opcoes);
    if (documento.ok) return { ok: true, resultados: documento.resultados.map(resultadoCalculo) };
    const campos: CampoInvalido[] = [];
    for (const { indice, erros } of documento.erros) {
      for (const erro of erros) {
        // A fault of the company's settings is one fault, not one per operation.
        const campo = erro.campo.startsWith('empresa.') ? erro.campo : `operacoes[${indice}].${erro.campo}`;
        if (!campos.some((c) => c.campo === campo && c.regra === erro.regra)) campos.push({ ...erro, campo });
      }
    }
    const { erro } = invalidRefusal(campos);
    return { ok: false, codigo: TaxErrorCodes.SIMULACAO_INVALIDA, erro, campos };
  }

  /**
   * The input as the engine reads it, the company defaults, and the fields the input does not have (a REST body
   * may carry anything): those are refused together with whatever the engine refuses, all at once.
   */
  private async prepare(
    companyId: string,
    input: unknown,
  ): Promise<{ entrada: Record<string, unknown>; opcoes: OpcoesSimulacao; desconhecidos: CampoInvalido[] }> {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      const simulacao = simular(input);
      throw invalidRefusal(simulacao.ok ? [] : simulacao.erros);
    }
    const entrada: Record<string, unknown> = {};
    const desconhecidos: CampoInvalido[] = [];
    for (const [campo, valor] of Object.entries(input)) {
      if (!CAMPOS_SIMULACAO.includes(campo)) {
        const nome = campo.slice(0, 60);
        desconhecidos.push({ campo: nome, regra: 'CAMPO_DESCONHECIDO', erro: `${nome} não é um campo da simulação.` });
      } else if (valor !== null && valor !== undefined) {
        entrada[campo] = valor;
      }
    }
    entrada.dataOperacao ??= dataBrasilia(this.now());
    return { entrada, opcoes: await this.companyDefaults(companyId), desconhecidos };
  }

  private async keep(
    session: Session,
    entrada: Record<string, unknown>,
    empresa: DadosEmpresa,
    resultados: ResultadoSimulacao[],
    comparacaoId: string | null,
  ): Promise<SimulacaoRecord[]> {
    const criadaEm = this.now();
    const records = resultados.map((resultado) => ({
      _id: randomUUID(),
      companyId: session.companyId,
      criadaEm,
      criadaPor: session.userId,
      comparacaoId,
      entrada: entrada as unknown as EntradaSimulacao,
      empresa,
      resultado,
    }));
    await this.store.insert(records);
    return records;
  }

  private async views(companyId: string, records: SimulacaoRecord[]): Promise<SimulacaoView[]> {
    const ids = records.map((record) => record._id);
    const [versoes, provisionadas] = await Promise.all([this.store.versionsBy(companyId, ids), this.store.provisioned(companyId, ids)]);
    const tituloIds = [...new Set([...versoes.values()].flat().map((versao) => versao.tituloId))];
    const atuais = await this.store.latestOf(companyId, tituloIds);
    return records.map((record) => simulacaoView(record, versoes.get(record._id) ?? [], atuais, provisionadas.has(record._id)));
  }

  /** A failed publish is not the provisioning's failure: the requests stay pending and the relay retries them. */
  private async announceNow(simulacaoId: string): Promise<void> {
    try {
      await this.announce();
    } catch (error) {
      this.log.warn({ err: error, simulacaoId }, 'finance requests not published yet; relay will retry');
    }
  }
}

function resultadoCalculo(resultado: ResultadoSimulacao): ResultadoCalculo {
  return {
    regime: resultado.regime,
    linhas: resultado.linhas.map((linha) => ({
      tributo: linha.tributo,
      baseCentavos: linha.baseCentavos,
      aliquota: linha.aliquota.percentual,
      valorCentavos: linha.valorCentavos,
      informativo: linha.informativo,
      vencimento: linha.vencimento,
      fundamento: linha.fundamento,
      naoCalculavel: linha.naoCalculavel === true,
      motivo: linha.motivo ?? null,
      retidoPeloTomador: linha.retidoPeloTomador === true,
    })),
    totalDevidoCentavos: resultado.totalDevidoCentavos,
    completo: resultado.completo,
    ...(resultado.difal ? { difal: resultado.difal } : {}),
    ...(resultado.icms ? { icms: resultado.icms } : {}),
  };
}
