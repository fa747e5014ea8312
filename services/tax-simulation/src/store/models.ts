import { Schema, type Connection, type Model } from 'mongoose';
import type { Credor, Subjects } from '@erp/contracts';
import type { OutboxEntry, WithOutbox } from '@erp/kit';
import type { DadosEmpresa, EntradaSimulacao, ResultadoSimulacao, Tributo } from '../domain';

/**
 * One kept simulation: what was asked, the company defaults it ran with, and the engine's answer as it was
 * (centavos and exact rates). It is never changed afterwards, so provisioning it later gives the same titles
 * however often, and wherever, it is asked.
 */
export interface SimulacaoRecord {
  _id: string;
  companyId: string;
  criadaEm: Date;
  criadaPor: string;
  /** The same id on the three records of one regime comparison; null for a single simulation. */
  comparacaoId: string | null;
  /** The input as received, `dataOperacao` filled in when it was omitted. */
  entrada: EntradaSimulacao;
  /** The fiscal settings that acted as defaults (regime, UF, DAS rate), as read when simulating. */
  empresa: DadosEmpresa;
  resultado: ResultadoSimulacao;
}

/**
 * One version of a period's payable title, `_id` = `${tituloId}#${versao}`, `tituloId` = `${companyId}:${tributo}:
 * ${periodo}` (see `payable-titles.ts`). Inserting it is the claim (kit `claimOnce`): of any number of provisionings
 * racing for the next version of a title exactly one writes it, and the others read the chain again and take the
 * version after. A version is never changed; its `outbox` (the finance request with the title's new amount) exists
 * with it or not at all, and is absent when the version changes neither amount nor due date.
 */
export interface TituloRecord extends WithOutbox {
  companyId: string;
  tituloId: string;
  versao: number;
  tributo: Tributo;
  periodo: string;
  /** `YYYY-MM`: the month that closes the period. */
  competencia: string;
  /** The simulation whose provisioning made this version, and its line's value (its share, or the quarter's figure). */
  simulacaoId: string;
  contribuicaoCentavos: number;
  /** The title's amount and due date as of this version. */
  valorCentavos: number;
  /** `YYYY-MM-DD`. */
  vencimento: string;
  /** When the simulation whose figure the title holds was made (a whole-period title keeps the newest one's). */
  figuraDe: Date;
  credor: Credor;
  codigoReceita: string | null;
  criadoEm: Date;
  criadoPor: string;
  outbox?: OutboxEntry<typeof Subjects.contaPagarSolicitada>;
}

/** That a simulation was provisioned (also when it had no payable line): `_id` = the simulation id. */
export interface ProvisionamentoRecord {
  _id: string;
  companyId: string;
  em: Date;
  por: string;
}

const simulacaoSchema = new Schema<SimulacaoRecord>(
  {
    _id: { type: String, required: true },
    companyId: { type: String, required: true },
    criadaEm: { type: Date, required: true },
    criadaPor: { type: String, required: true },
    comparacaoId: { type: String, default: null },
    entrada: { type: Schema.Types.Mixed, required: true },
    empresa: { type: Schema.Types.Mixed, required: true },
    resultado: { type: Schema.Types.Mixed, required: true },
  },
  { collection: 'simulacoes', versionKey: false, minimize: false },
);
// Paging: the company's newest first, the id breaking ties of one instant (the three of a comparison).
simulacaoSchema.index({ companyId: 1, criadaEm: -1, _id: -1 }, { name: 'empresa_recentes' });

const tituloSchema = new Schema<TituloRecord>(
  {
    _id: { type: String, required: true },
    companyId: { type: String, required: true },
    tituloId: { type: String, required: true },
    versao: { type: Number, required: true },
    tributo: { type: String, required: true },
    periodo: { type: String, required: true },
    competencia: { type: String, required: true },
    simulacaoId: { type: String, required: true },
    contribuicaoCentavos: { type: Number, required: true },
    valorCentavos: { type: Number, required: true },
    vencimento: { type: String, required: true },
    figuraDe: { type: Date, required: true },
    credor: { type: String, required: true },
    codigoReceita: { type: String, default: null },
    criadoEm: { type: Date, required: true },
    criadoPor: { type: String, required: true },
    outbox: { type: Schema.Types.Mixed },
  },
  { collection: 'titulos', versionKey: false, minimize: false },
);
// The versions some simulations made (`versionsBy`), and a title's chain (`chainOf`, `latestOf`): the company first.
tituloSchema.index({ companyId: 1, simulacaoId: 1 }, { name: 'empresa_simulacao' });
tituloSchema.index({ companyId: 1, tituloId: 1, versao: 1 }, { name: 'empresa_titulo_versao' });

const provisionamentoSchema = new Schema<ProvisionamentoRecord>(
  {
    _id: { type: String, required: true },
    companyId: { type: String, required: true },
    em: { type: Date, required: true },
    por: { type: String, required: true },
  },
  { collection: 'provisionamentos', versionKey: false },
);

/**
 * Which simulation of a regime comparison was provisioned: `_id` = the comparison id. Inserting it is the claim,
 * so of racing provisionings of different regimes of one comparison exactly one wins.
 */
export interface EscolhaComparacaoRecord {
  _id: string;
  companyId: string;
  simulacaoId: string;
  em: Date;
}

const escolhaComparacaoSchema = new Schema<EscolhaComparacaoRecord>(
  {
    _id: { type: String, required: true },
    companyId: { type: String, required: true },
    simulacaoId: { type: String, required: true },
    em: { type: Date, required: true },
  },
  { collection: 'escolhas_comparacao', versionKey: false },
);

export interface TaxModels {
  simulacoes: Model<SimulacaoRecord>;
  escolhasComparacao: Model<EscolhaComparacaoRecord>;
  titulos: Model<TituloRecord>;
  provisionamentos: Model<ProvisionamentoRecord>;
}

export async function taxModels(db: Connection): Promise<TaxModels> {
  const models = {
    simulacoes: db.model<SimulacaoRecord>('SimulacaoImposto', simulacaoSchema),
    titulos: db.model<TituloRecord>('TituloPagar', tituloSchema),
    provisionamentos: db.model<ProvisionamentoRecord>('ProvisionamentoImpostos', provisionamentoSchema),
    escolhasComparacao: db.model<EscolhaComparacaoRecord>('EscolhaComparacao', escolhaComparacaoSchema),
  };
  await Promise.all(Object.values(models).map((model) => model.init()));
  return models;
}
