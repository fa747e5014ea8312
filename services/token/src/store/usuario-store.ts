import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { DirectoryErrorCodes, Refusal } from '@erp/contracts';
import { isDuplicateKey } from '@erp/kit';
import { parseId } from './ids';

/** A user of a company, as far as ingestion warnings need to know (e-mail stored lower-cased). */
export interface UsuarioRecord {
  _id: Types.ObjectId;
  companyId: string;
  email: string;
  nome: string;
  criadoEm: Date;
}

const usuarioSchema = new Schema<UsuarioRecord>(
  {
    companyId: { type: String, required: true },
    email: { type: String, required: true },
    nome: { type: String, required: true },
    criadoEm: { type: Date, required: true },
  },
  { collection: 'usuarios', versionKey: false },
);
usuarioSchema.index({ companyId: 1, email: 1 }, { unique: true });

/** `maxTimeMS` of the reads a client triggers (the admin's list, a batch's e-mail look-up), unless told otherwise. */
const DEFAULT_MAX_TIME_MS = 5_000;

/** Registers the user collection and its unique index, then resolves to the store. */
export async function createUsuarioStore(db: Connection, options: { maxTimeMS?: number } = {}): Promise<UsuarioStore> {
  const model = db.model<UsuarioRecord>('Usuario', usuarioSchema);
  await model.init();
  return new UsuarioStore(model, options.maxTimeMS ?? DEFAULT_MAX_TIME_MS);
}

class UsuarioStore {
  constructor(
    private readonly model: Model<UsuarioRecord>,
    private readonly maxTimeMS: number,
  ) {}

  listByCompany(companyId: string): Promise<UsuarioRecord[]> {
    return this.model.find({ companyId }).sort({ email: 1 }).maxTimeMS(this.maxTimeMS).lean<UsuarioRecord[]>().exec();
  }

  async add(user: Omit<UsuarioRecord, '_id'>): Promise<UsuarioRecord> {
    try {
      return (await this.model.create(user)).toObject();
    } catch (error) {
      if (isDuplicateKey(error)) {
        throw new Refusal(DirectoryErrorCodes.USUARIO_JA_EXISTE, `${user.email} já é usuário desta empresa`);
      }
      throw error;
    }
  }

  /** False when the id is unknown or belongs to another company (indistinguishable on purpose). */
  async remove(companyId: string, id: string): Promise<boolean> {
    const _id = parseId(id);
    if (!_id) return false;
    const { deletedCount } = await this.model.deleteOne({ _id, companyId }).exec();
    return deletedCount === 1;
  }

  /** Which of `emails` (already lower-cased) are users of the company: one query for the whole batch. */
  async existing(companyId: string, emails: string[]): Promise<string[]> {
    if (emails.length === 0) return [];
    const found = await this.model
      .find({ companyId, email: { $in: emails } }, { email: 1, _id: 0 })
      .maxTimeMS(this.maxTimeMS)
      .lean<Pick<UsuarioRecord, 'email'>[]>()
      .exec();
    return found.map((user) => user.email);
  }
}

/** A type only: `createUsuarioStore` is the one way to build it. */
export type { UsuarioStore };
