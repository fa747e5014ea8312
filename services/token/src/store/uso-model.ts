import { Schema, type Connection, type Model, type Types } from 'mongoose';

/**
 * Last use of a token, kept apart from the token document: authentication writes here and never touches
 * the token itself, so a use can never overwrite an administrator's change (FerretDB rewrites whole
 * documents on update).
 */
export interface UsoRecord {
  /** The token id. */
  _id: Types.ObjectId;
  ultimoUsoEm: Date;
}

const usoSchema = new Schema<UsoRecord>(
  { ultimoUsoEm: { type: Date, required: true } },
  { collection: 'token_usos', versionKey: false },
);

export async function usoModel(db: Connection): Promise<Model<UsoRecord>> {
  const model = db.model<UsoRecord>('TokenUso', usoSchema);
  await model.init();
  return model;
}
