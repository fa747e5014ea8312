import { TokenAdminErrorCodes } from '@erp/contracts';
import { Refusal } from '../domain/refusal';
import { allowedFrom, refusalFor, targetStatus, type TokenAction } from '../domain/transitions';
import { isDuplicateKey, parseId } from './ids';
import type { Connection } from 'mongoose';
import { tokenModel, type TokenModel, type TokenRecord } from './token-model';

export type NewToken = Omit<TokenRecord, '_id' | 'ultimoUsoEm' | 'atualizadoEm'>;

/** Fields an action may set besides the status. */
export type TokenChanges = Partial<Pick<TokenRecord, 'expiraEm' | 'entidades'>>;

function notFound(): Refusal {
  return new Refusal(TokenAdminErrorCodes.TOKEN_NAO_ENCONTRADO, 'token não encontrado');
}

/** A lost race re-reads and retries; more than this many losses in a row means something is wrong. */
const MAX_ATTEMPTS = 3;

export class TokenStore {
  private constructor(private readonly model: TokenModel) {}

  static async open(db: Connection): Promise<TokenStore> {
    return new TokenStore(await tokenModel(db));
  }

  async create(token: NewToken): Promise<TokenRecord> {
    try {
      const created = await this.model.create({ ...token, atualizadoEm: token.criadoEm, ultimoUsoEm: null });
      return created.toObject();
    } catch (error) {
      // The digest is 256 random bits, so the only unique index a client can hit is the name.
      if (isDuplicateKey(error)) {
        throw new Refusal(TokenAdminErrorCodes.NOME_TOKEN_EM_USO, `já existe um token chamado "${token.nome}" nesta empresa`);
      }
      throw error;
    }
  }

  listByCompany(companyId: string): Promise<TokenRecord[]> {
    return this.model.find({ companyId }).sort({ criadoEm: -1, _id: -1 }).lean<TokenRecord[]>().exec();
  }

  findByDigest(digest: string): Promise<TokenRecord | null> {
    return this.model.findOne({ digest }).lean<TokenRecord>().exec();
  }

  /**
   * Applies `action` in ONE conditional update whose filter holds the states the action may start from, so
   * two administrators racing cannot make a forbidden transition. When nothing matched, a re-read tells
   * why: unknown (or another company's) id, or a state that refuses the action; if the state allows it
   * after all (it changed in between), try again.
   */
  async apply(companyId: string, id: string, action: TokenAction, changes: TokenChanges, now: Date): Promise<TokenRecord> {
    const _id = parseId(id);
    if (!_id) throw notFound();
    const target = targetStatus[action];
    const set = { ...changes, ...(target ? { status: target } : {}), atualizadoEm: now };
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const updated = await this.model
        .findOneAndUpdate({ _id, companyId, status: { $in: allowedFrom[action] } }, { $set: set }, { returnDocument: 'after' })
        .lean<TokenRecord>()
        .exec();
      if (updated) return updated;
      const current = await this.model.findOne({ _id, companyId }, { status: 1 }).lean<Pick<TokenRecord, 'status'>>().exec();
      if (!current) throw notFound();
      const refusal = refusalFor(action, current.status);
      if (refusal) throw refusal;
    }
    throw new Error(`token ${id}: ${action} kept losing races`);
  }

  /** Conditional so replicas answering at the same moment write once per interval, not once each. */
  async recordUse(id: TokenRecord['_id'], now: Date, granularityMs: number): Promise<void> {
    const before = new Date(now.getTime() - granularityMs);
    await this.model
      .updateOne({ _id: id, $or: [{ ultimoUsoEm: null }, { ultimoUsoEm: { $lt: before } }] }, { $set: { ultimoUsoEm: now } })
      .exec();
  }
}
