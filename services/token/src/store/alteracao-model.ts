import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { TokenAction } from '../domain/transitions';
import type { TokenRecord } from './token-model';

/**
 * One administrator change of a token, keyed `<tokenId>:<versao>`. Inserting it is how a change claims
 * its version: the `_id` is unique, so of two racing changes exactly one gets version N. That is the only
 * race-proof primitive FerretDB 1.24 offers (its conditional updates read, then write the whole document,
 * without isolation); on MongoDB it costs one insert. The collection doubles as the token's audit trail.
 */
export interface AlteracaoRecord {
  _id: string;
  tokenId: Types.ObjectId;
  companyId: string;
  acao: TokenAction;
  /** The fields the change sets, so anyone can finish a change whose author died after claiming it. */
  alteracoes: Partial<Pick<TokenRecord, 'status' | 'expiraEm' | 'entidades' | 'atualizadoEm'>>;
  por: string;
  em: Date;
}

const alteracaoSchema = new Schema<AlteracaoRecord>(
  {
    _id: { type: String, required: true },
    tokenId: { type: Schema.Types.ObjectId, required: true },
    companyId: { type: String, required: true },
    acao: { type: String, required: true },
    alteracoes: { type: Schema.Types.Mixed, required: true },
    por: { type: String, required: true },
    em: { type: Date, required: true },
  },
  { collection: 'token_alteracoes', versionKey: false, minimize: false },
);

export async function alteracaoModel(db: Connection): Promise<Model<AlteracaoRecord>> {
  const model = db.model<AlteracaoRecord>('TokenAlteracao', alteracaoSchema);
  await model.init();
  return model;
}
