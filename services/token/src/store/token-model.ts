import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { TokenModes, type TokenMode } from '@erp/contracts';
import { StoredStatuses, type StoredStatus } from '../domain/status';

/** One ingestion token. The value itself is never here: only its SHA-256 digest and a short prefix. */
export interface TokenRecord {
  _id: Types.ObjectId;
  companyId: string;
  nome: string;
  /** Lower-cased name; unique per company. */
  nomeChave: string;
  /** SHA-256 hex of the token value; unique, the key of authentication. */
  digest: string;
  prefixo: string;
  modo: TokenMode;
  entidades: string[];
  status: StoredStatus;
  expiraEm: Date | null;
  criadoEm: Date;
  /** User id of the administrator who issued it. */
  criadoPor: string;
  atualizadoEm: Date;
  /** Number of changes applied since creation; change N is claimed in `token_alteracoes` before it is written. */
  versao: number;
}

const tokenSchema = new Schema<TokenRecord>(
  {
    companyId: { type: String, required: true },
    nome: { type: String, required: true },
    nomeChave: { type: String, required: true },
    digest: { type: String, required: true },
    prefixo: { type: String, required: true },
    modo: { type: String, enum: TokenModes, required: true },
    entidades: { type: [String], default: [] },
    status: { type: String, enum: StoredStatuses, required: true },
    expiraEm: { type: Date, default: null },
    criadoEm: { type: Date, required: true },
    criadoPor: { type: String, required: true },
    atualizadoEm: { type: Date, required: true },
    versao: { type: Number, required: true },
  },
  { collection: 'tokens', versionKey: false },
);
tokenSchema.index({ digest: 1 }, { unique: true });
tokenSchema.index({ companyId: 1, nomeChave: 1 }, { unique: true });

export type TokenModel = Model<TokenRecord>;

/** Registers the model and waits for its indexes: uniqueness must hold before the first request. */
export async function tokenModel(db: Connection): Promise<TokenModel> {
  const model = db.model<TokenRecord>('Token', tokenSchema);
  await model.init();
  return model;
}
