import type { Connection, mongo } from 'mongoose';
import { claimOnce } from '@erp/kit';
import { taxModels, type EscolhaComparacaoRecord, type ProvisionamentoRecord, type SimulacaoRecord, type TaxModels, type TituloRecord } from './models';

/** Where the previous page ended (exclusive): newest first by creation, then by id. */
export interface PagePosition {
  criadaEm: Date;
  id: string;
}

/** `maxTimeMS` of each query a client's request runs, unless the store is told otherwise. */
export const DEFAULT_QUERY_MAX_TIME_MS = 5_000;

/** Registers the collections and their indexes, then resolves to the store. */
export async function createSimulationStore(db: Connection, options: { maxTimeMS?: number } = {}): Promise<SimulationStore> {
  return new SimulationStore(await taxModels(db), options.maxTimeMS ?? DEFAULT_QUERY_MAX_TIME_MS);
}

export type { SimulationStore };

/**
 * The service's queries. Every one that reads a simulation or its titles is keyed by company, so a request can
 * never reach another company's data: an id of another company reads exactly like an unknown id. Every read a
 * client can trigger runs under `maxTimeMS`: none holds the database longer (a timeout is the kit's 503).
 */
class SimulationStore {
  constructor(
    private readonly models: TaxModels,
    private readonly maxTimeMS: number,
  ) {}

  /** The titles' collection, which the outbox relay publishes from. */
  get titlesCollection(): mongo.Collection<TituloRecord> {
    return this.models.titulos.collection as unknown as mongo.Collection<TituloRecord>;
  }

  async insert(records: SimulacaoRecord[]): Promise<void> {
    // Raw inserts: the records are built and typed here, mongoose's per-document casting adds nothing.
    await (this.models.simulacoes.collection as unknown as mongo.Collection<SimulacaoRecord>).insertMany(records, { ordered: true });
  }

  find(companyId: string, id: string): Promise<SimulacaoRecord | null> {
    return this.models.simulacoes.findOne({ _id: id, companyId }).maxTimeMS(this.maxTimeMS).lean<SimulacaoRecord>().exec();
  }

  page(companyId: string, limit: number, depois: PagePosition | null): Promise<SimulacaoRecord[]> {
    const filter: Record<string, unknown> = { companyId };
    if (depois) {
      filter.$or = [{ criadaEm: { $lt: depois.criadaEm } }, { criadaEm: depois.criadaEm, _id: { $lt: depois.id } }];
    }
    return this.models.simulacoes.find(filter).sort({ criadaEm: -1, _id: -1 }).limit(limit).maxTimeMS(this.maxTimeMS).lean<SimulacaoRecord[]>().exec();
  }

  /** True for exactly one of any number of racing callers with the same version id (kit `claimOnce`). */
  claimTitleVersion(version: TituloRecord): Promise<boolean> {
    return claimOnce(this.models.titulos, version);
  }

  /** A title's versions, in order. */
  chainOf(companyId: string, tituloId: string): Promise<TituloRecord[]> {
    return this.models.titulos.find({ companyId, tituloId }).sort({ versao: 1 }).maxTimeMS(this.maxTimeMS).lean<TituloRecord[]>().exec();
  }

  claimProvisioning(record: ProvisionamentoRecord): Promise<boolean> {
    return claimOnce(this.models.provisionamentos, record);
  }

  /**
   * Claims the comparison for one of its simulations (kit `claimOnce`) and answers which simulation holds it: the
   * caller's when it won or had won before, else the one that did.
   */
  async claimComparison(record: EscolhaComparacaoRecord): Promise<string> {
    if (await claimOnce(this.models.escolhasComparacao, record)) return record.simulacaoId;
    const holder = await this.models.escolhasComparacao
      .findOne({ _id: record._id, companyId: record.companyId })
      .maxTimeMS(this.maxTimeMS)
      .lean<EscolhaComparacaoRecord>()
      .exec();
    if (!holder) throw new Error(`comparison ${record._id} claimed but not readable`);
    return holder.simulacaoId;
  }

  /** The title versions some simulations of one company made, by simulation id. */
  async versionsBy(companyId: string, simulacaoIds: string[]): Promise<Map<string, TituloRecord[]>> {
    const byId = new Map<string, TituloRecord[]>(simulacaoIds.map((id) => [id, []]));
    if (simulacaoIds.length === 0) return byId;
    const versions = await this.models.titulos
      .find({ companyId, simulacaoId: { $in: simulacaoIds } })
      .maxTimeMS(this.maxTimeMS)
      .lean<TituloRecord[]>()
      .exec();
    for (const version of versions) byId.get(version.simulacaoId)?.push(version);
    return byId;
  }

  /** The latest version of each of some titles of one company, by title id. */
  async latestOf(companyId: string, tituloIds: string[]): Promise<Map<string, TituloRecord>> {
    const latest = new Map<string, TituloRecord>();
    if (tituloIds.length === 0) return latest;
    const versions = await this.models.titulos
      .find({ companyId, tituloId: { $in: tituloIds } })
      .maxTimeMS(this.maxTimeMS)
      .lean<TituloRecord[]>()
      .exec();
    for (const version of versions) {
      const current = latest.get(version.tituloId);
      if (!current || version.versao > current.versao) latest.set(version.tituloId, version);
    }
    return latest;
  }

  /** Which of these simulations of one company were provisioned. */
  async provisioned(companyId: string, simulacaoIds: string[]): Promise<Set<string>> {
    if (simulacaoIds.length === 0) return new Set();
    const docs = await this.models.provisionamentos
      .find({ companyId, _id: { $in: simulacaoIds } }, { _id: 1 })
      .maxTimeMS(this.maxTimeMS)
      .lean<Pick<ProvisionamentoRecord, '_id'>[]>()
      .exec();
    return new Set(docs.map((doc) => doc._id));
  }
}
