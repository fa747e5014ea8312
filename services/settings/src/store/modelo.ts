import { Schema, type Connection, type Model } from 'mongoose';
import type { ValorCifrado } from '../crypto/cofre';
import type { DadosCertificado } from '../domain/certificado';
import type { Configuracao } from '../domain/configuracao';

/** The stored certificate: the file and its password encrypted, the public parts in clear for GET and signing. */
export interface CertificadoGuardado extends DadosCertificado {
  pfx: ValorCifrado;
  senha: ValorCifrado;
  /** Public certificate, DER base64. Not a secret: it is embedded in every signed XML. */
  certificadoDer: string;
}

/** One document per company. `versao` guards concurrent saves; `eventoPendente` is a one-slot outbox. */
export interface DocConfiguracao {
  companyId: string;
  versao: number;
  configuracao: Configuracao;
  nfseSenha: ValorCifrado | null;
  certificado: CertificadoGuardado | null;
  atualizadoEm: Date;
  atualizadoPor: string;
  eventoPendente: boolean;
}

const cifrado = new Schema<ValorCifrado>(
  { kid: { type: String, required: true }, iv: { type: String, required: true }, tag: { type: String, required: true }, dados: { type: String, required: true } },
  { _id: false },
);

const certificado = new Schema<CertificadoGuardado>(
  {
    pfx: { type: cifrado, required: true },
    senha: { type: cifrado, required: true },
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

const schema = new Schema<DocConfiguracao>(
  {
    companyId: { type: String, required: true, unique: true },
    versao: { type: Number, required: true },
    configuracao: { type: Schema.Types.Mixed, required: true },
    nfseSenha: { type: cifrado, default: null },
    certificado: { type: certificado, default: null },
    atualizadoEm: { type: Date, required: true },
    atualizadoPor: { type: String, required: true },
    eventoPendente: { type: Boolean, required: true, index: true },
  },
  { collection: 'configuracoes_fiscais', versionKey: false, minimize: false },
);

export type ModeloConfiguracao = Model<DocConfiguracao>;

export async function modeloConfiguracao(db: Connection): Promise<ModeloConfiguracao> {
  const modelo = db.model<DocConfiguracao>('ConfiguracaoFiscal', schema);
  await modelo.init();
  return modelo;
}
