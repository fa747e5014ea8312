import type { Connection, Model, Types } from 'mongoose';
import { TokenAdminErrorCodes, Refusal } from '@erp/contracts';
import { refusalFor, targetStatus, type TokenAction } from '../domain/transitions';
import { alteracaoModel, type AlteracaoRecord } from './alteracao-model';
import { claimOnce, isDuplicateKey } from '@erp/kit';
import { parseId } from './ids';
import { tokenModel, type TokenModel, type TokenRecord } from './token-model';
import { usoModel, type UsoRecord } from './uso-model';

type NewToken = Omit<TokenRecord, '_id' | 'atualizadoEm' | 'versao'>;
export type TokenWithUse = TokenRecord & { ultimoUsoEm: Date | null };

/** Fields an action may set besides the status. */
export type TokenChanges = Partial<Pick<TokenRecord, 'expiraEm' | 'entidades'>>;

/** A live change lands within milliseconds of its claim; one older than this lost its author. */
const ABANDONED_CLAIM_MS = 5_000;
/** Waiting longer than this for a version means something is broken: fail instead of hanging the admin. */
const GIVE_UP_MS = 8_000;
const RETRY_DELAY_MS = 20;

function notFound(): Refusal {
  return new Refusal(TokenAdminErrorCodes.TOKEN_NAO_ENCONTRADO, 'token não encontrado');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `maxTimeMS` of the reads a client triggers (the admin's list, a token's authentication), unless told otherwise. */
const DEFAULT_MAX_TIME_MS = 5_000;

/** Registers the token collections and their indexes, then resolves to the store. */
export async function createTokenStore(db: Connection, options: { maxTimeMS?: number } = {}): Promise<TokenStore> {
  return new TokenStore(await tokenModel(db), await alteracaoModel(db), await usoModel(db), options.maxTimeMS ?? DEFAULT_MAX_TIME_MS);
}

class TokenStore {
  constructor(
    private readonly tokens: TokenModel,
    private readonly alteracoes: Model<AlteracaoRecord>,
    private readonly usos: Model<UsoRecord>,
    private readonly maxTimeMS: number,
  ) {}

  async create(token: NewToken): Promise<TokenWithUse> {
    try {
      const created = await this.tokens.create({ ...token, atualizadoEm: token.criadoEm, versao: 0 });
      return { ...created.toObject(), ultimoUsoEm: null };
    } catch (error) {
      // The digest is 256 random bits, so the only unique index a client can hit is the name.
      if (isDuplicateKey(error)) {
        throw new Refusal(TokenAdminErrorCodes.NOME_TOKEN_EM_USO, `já existe um token chamado "${token.nome}" nesta empresa`);
      }
      throw error;
    }
  }

  /** The company's tokens, newest first, with their last use: two queries whatever the count. */
  async listByCompany(companyId: string): Promise<TokenWithUse[]> {
    const tokens = await this.tokens.find({ companyId }).sort({ criadoEm: -1, _id: -1 }).maxTimeMS(this.maxTimeMS).lean<TokenRecord[]>().exec();
    if (tokens.length === 0) return [];
    const usos = await this.usos.find({ _id: { $in: tokens.map((t) => t._id) } }).maxTimeMS(this.maxTimeMS).lean<UsoRecord[]>().exec();
    const lastUse = new Map(usos.map((uso) => [uso._id.toHexString(), uso.ultimoUsoEm]));
    return tokens.map((token) => ({ ...token, ultimoUsoEm: lastUse.get(token._id.toHexString()) ?? null }));
  }

  findByDigest(digest: string): Promise<TokenRecord | null> {
    return this.tokens.findOne({ digest }).maxTimeMS(this.maxTimeMS).lean<TokenRecord>().exec();
  }

  /**
   * Applies `action` as the token's next version. The version is claimed first by inserting the change
   * into `token_alteracoes` (unique id), so of racing administrators exactly one writes version N; the
   * others re-read, and the rules then judge them against the new state (a second revoke becomes
   * TOKEN_JA_REVOGADO, a renewal racing a revoke is refused, never resurrecting the token).
   * Only claim holders write token documents; authentication writes elsewhere.
   */
  async apply(companyId: string, id: string, action: TokenAction, changes: TokenChanges, por: string, now: Date): Promise<TokenWithUse> {
    const _id = parseId(id);
    if (!_id) throw notFound();
    const target = targetStatus[action];
    const alteracoes = { ...changes, ...(target ? { status: target } : {}), atualizadoEm: now };
    const deadline = Date.now() + GIVE_UP_MS;
    for (;;) {
      const current = await this.tokens.findOne({ _id, companyId }).lean<TokenRecord>().exec();
      if (!current) throw notFound();
      const refusal = refusalFor(action, current.status);
      if (refusal) throw refusal;
      const versao = current.versao + 1;
      // The claim key uses the canonical (lower-case) hex: an id sent in upper case must claim the same version.
      if (await this.claim({ _id: `${_id.toHexString()}:${versao}`, tokenId: _id, companyId, acao: action, alteracoes, por, em: now })) {
        await this.tokens.updateOne({ _id, versao: current.versao }, { $set: { ...alteracoes, versao } }).exec();
        return { ...current, ...alteracoes, versao, ultimoUsoEm: await this.lastUse(_id) };
      }
      if (Date.now() > deadline) throw new Error(`token ${id}: version ${versao} never landed`);
      await this.settle(_id, versao);
    }
  }

  private claim(alteracao: AlteracaoRecord): Promise<boolean> {
    return claimOnce(this.alteracoes, alteracao);
  }

  /** Waits a moment for the holder of `versao` to write it; finishes it in its place if the holder died. */
  private async settle(tokenId: Types.ObjectId, versao: number): Promise<void> {
    await sleep(RETRY_DELAY_MS);
    const claim = await this.alteracoes.findById(`${tokenId.toHexString()}:${versao}`).lean<AlteracaoRecord>().exec();
    if (!claim || Date.now() - claim.em.getTime() < ABANDONED_CLAIM_MS) return;
    const token = await this.tokens.findById(tokenId, { versao: 1 }).lean<Pick<TokenRecord, 'versao'>>().exec();
    if (token?.versao === versao - 1) {
      await this.tokens.updateOne({ _id: tokenId, versao: versao - 1 }, { $set: { ...claim.alteracoes, versao } }).exec();
    }
  }

  private async lastUse(tokenId: Types.ObjectId): Promise<Date | null> {
    const uso = await this.usos.findById(tokenId).lean<UsoRecord>().exec();
    return uso?.ultimoUsoEm ?? null;
  }

  async recordUse(tokenId: Types.ObjectId, now: Date): Promise<void> {
    try {
      await this.usos.updateOne({ _id: tokenId }, { $set: { ultimoUsoEm: now } }, { upsert: true }).exec();
    } catch (error) {
      // Two first uses at once: both upserts insert, one loses on the id. The other one recorded the use.
      if (!isDuplicateKey(error)) throw error;
    }
  }
}

/** A type only: `createTokenStore` is the one way to build it. */
export type { TokenStore };
