import type { Connection, mongo } from 'mongoose';
import { claimOnce } from '@erp/kit';
import { settingsModel, type SettingsModel, type SettingsRecord } from './settings-model';

export const settingsVersionId = (companyId: string, versao: number) => `${companyId}:${versao}`;

/** `maxTimeMS` of the read a GET (or a fiscal service's question) runs: no request holds the database longer. */
const QUERY_MAX_TIME_MS = 5_000;

/** Registers the settings collection and its indexes, then resolves to the store. */
export async function createSettingsStore(db: Connection, options: { maxTimeMS?: number } = {}): Promise<SettingsStore> {
  return new SettingsStore(await settingsModel(db), options.maxTimeMS ?? QUERY_MAX_TIME_MS);
}

/** Queries on the settings versions; every one is keyed by company, so no query can cross companies. */
class SettingsStore {
  constructor(
    private readonly model: SettingsModel,
    private readonly maxTimeMS: number,
  ) {}

  /** The collection the outbox relay publishes from. */
  get collection(): mongo.Collection<SettingsRecord> {
    return this.model.collection as unknown as mongo.Collection<SettingsRecord>;
  }

  /** The company's settings: its newest version. */
  find(companyId: string): Promise<SettingsRecord | null> {
    return this.model.findOne({ companyId }).sort({ versao: -1 }).maxTimeMS(this.maxTimeMS).lean<SettingsRecord>().exec();
  }

  /**
   * Claims version `doc.versao` by inserting it. False when another save claimed that version first: the
   * caller re-reads (the winner's version is already the newest) and decides again.
   */
  claimVersion(doc: SettingsRecord): Promise<boolean> {
    return claimOnce(this.model, doc);
  }

  /** Drops the versions older than `versao` whose event is out: they hold old secrets nobody reads. */
  async pruneBefore(companyId: string, versao: number): Promise<void> {
    await this.model.collection.deleteMany({ companyId, versao: { $lt: versao }, 'outbox.estado': 'PUBLICADO' });
  }

  /** Versions holding a secret encrypted with a key other than `kid` (what a key rotation must still redo). */
  withOldKey(kid: string, limit: number): Promise<SettingsRecord[]> {
    const old = { $exists: true, $ne: kid };
    return this.model
      .find({ $or: [{ 'nfseSenha.kid': old }, { 'certificado.pfx.kid': old }, { 'certificado.senha.kid': old }] })
      .limit(limit)
      .lean<SettingsRecord[]>()
      .exec();
  }

  /** Replaces the ciphertexts of one version in place; the plaintexts are the same, so the version stays. */
  async replaceCiphers(doc: Pick<SettingsRecord, '_id' | 'nfseSenha' | 'certificado'>): Promise<boolean> {
    const result = await this.model.collection.updateOne({ _id: doc._id as never }, { $set: { nfseSenha: doc.nfseSenha, certificado: doc.certificado } });
    return result.matchedCount === 1;
  }
}

/** A type only: `createSettingsStore` is the one way to build it. */
export type { SettingsStore };
