import type { Connection, mongo } from 'mongoose';
import { claimOnce } from '@erp/kit';

/**
 * The ABRASF stand-in's registry: one NFS-e per RPS (`abrasf_rps`, `_id` = `<CNPJ>|<série>|<número>`, one unique
 * insert), the city's NFS-e numbers one by one (`abrasf_numeros`), one cancellation per NFS-e (`abrasf_cancelamentos`).
 */
const MAX_TIME_MS = 5_000;

export interface RpsRecord {
  _id: string;
  cnpj: string;
  cMun: string;
  numeroNfse: string;
  /** The CompNfse as issued (the Nfse signed by the stand-in). */
  nfse: string;
  em: Date;
}

export class RegistroAbrasf {
  constructor(
    private readonly rps: mongo.Collection<RpsRecord>,
    private readonly numeros: mongo.Collection<{ _id: string; em: Date }>,
    private readonly cancelamentos: mongo.Collection<{ _id: string; confirmacao: string; em: Date }>,
  ) {}

  async proximoNumero(cMun: string): Promise<number> {
    let n = (await this.numeros.countDocuments({ _id: { $regex: `^${cMun}\\|` } }, { maxTimeMS: MAX_TIME_MS })) + 1;
    while (!(await claimOnce(this.numeros, { _id: `${cMun}|${n}`, em: new Date() }))) n += 1;
    return n;
  }

  registrar(r: RpsRecord): Promise<boolean> {
    return claimOnce(this.rps, r);
  }

  porRps(id: string): Promise<RpsRecord | null> {
    return this.rps.findOne({ _id: id }, { maxTimeMS: MAX_TIME_MS });
  }

  porNumero(cMun: string, numeroNfse: string): Promise<RpsRecord | null> {
    return this.rps.findOne({ cMun, numeroNfse }, { maxTimeMS: MAX_TIME_MS });
  }

  cancelar(chave: string, confirmacao: string): Promise<boolean> {
    return claimOnce(this.cancelamentos, { _id: chave, confirmacao, em: new Date() });
  }

  /** A substitution's cancellation gains its `NfseSubstituicao` once the new NFS-e has its number. */
  async completarCancelamento(chave: string, confirmacao: string): Promise<void> {
    await this.cancelamentos.updateOne({ _id: chave }, { $set: { confirmacao } });
  }

  cancelamento(chave: string): Promise<{ confirmacao: string } | null> {
    return this.cancelamentos.findOne({ _id: chave }, { maxTimeMS: MAX_TIME_MS });
  }
}

export async function abrirRegistroAbrasf(db: Connection): Promise<RegistroAbrasf> {
  await db.collection('abrasf_rps').createIndex({ cMun: 1, numeroNfse: 1 });
  return new RegistroAbrasf(db.collection<RpsRecord>('abrasf_rps'), db.collection('abrasf_numeros'), db.collection('abrasf_cancelamentos'));
}
