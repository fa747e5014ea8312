import { Schema, type Connection, type Model } from 'mongoose';
import type { WithOutbox } from '@erp/kit';
import type { EncryptedValue } from '../crypto/secret-box';
import type { DadosCertificado } from '../domain/certificado';
import type { Configuracao } from '../domain/configuracao';

/** The stored certificate: the file and its password encrypted, the public parts in clear for GET and signing. */
export interface CertificadoRecord extends DadosCertificado {
  pfx: EncryptedValue;
  senha: EncryptedValue;
  /** Public certificate, DER base64. Not a secret: it is embedded in every signed XML. */
  certificadoDer: string;
}

/**
 * One document per saved version of a company's settings, `_id` = `companyId:versao`. Inserting it is how a
 * save claims its version (kit `claimOnce`): of two racing saves exactly one gets version N. The same insert
 * carries the `settings.v1.changed` event (`outbox`), so a version and its announcement exist together.
 * The newest version is the company's settings; older ones are pruned once their event went out.
 */
export interface SettingsRecord extends WithOutbox {
  companyId: string;
  versao: number;
  configuracao: Configuracao;
  nfseSenha: EncryptedValue | null;
  certificado: CertificadoRecord | null;
  atualizadoEm: Date;
  atualizadoPor: string;
}

const encrypted = new Schema<EncryptedValue>(
  { kid: { type: String, required: true }, iv: { type: String, required: true }, tag: { type: String, required: true }, dados: { type: String, required: true } },
  { _id: false },
);

const certificado = new Schema<CertificadoRecord>(
  {
    pfx: { type: encrypted, required: true },
    senha: { type: encrypted, required: true },
    titular: String,
    cnpj: String,
    emissor: String,
    numeroSerie: String,
    validoDe: Date,
    validoAte: Date,
    certificadoDer: String,
  },
  { _id: false },
);

const schema = new Schema<SettingsRecord>(
  {
    _id: { type: String, required: true },
    companyId: { type: String, required: true },
    versao: { type: Number, required: true },
    configuracao: { type: Schema.Types.Mixed, required: true },
    nfseSenha: { type: encrypted, default: null },
    certificado: { type: certificado, default: null },
    atualizadoEm: { type: Date, required: true },
    atualizadoPor: { type: String, required: true },
    outbox: { type: Schema.Types.Mixed, required: true },
  },
  { collection: 'configuracao_versoes', versionKey: false, minimize: false },
);
schema.index({ companyId: 1, versao: -1 });

export type SettingsModel = Model<SettingsRecord>;

export async function settingsModel(db: Connection): Promise<SettingsModel> {
  const model = db.model<SettingsRecord>('ConfiguracaoFiscal', schema);
  await model.init();
  return model;
}
