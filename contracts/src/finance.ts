import Joi from 'joi';
import { Tributos, type Tributo } from './tax';

/** Who receives a payable title: the federal, state or municipal treasury. */
export const Credores = ['UNIAO', 'ESTADO', 'MUNICIPIO'] as const;
export type Credor = (typeof Credores)[number];

/**
 * Event on `finance.v1.conta-pagar.solicitada` (JetStream, `Nats-Msg-Id` = `${tituloId}#${versao}`): one version of
 * the payable title (CP) of one tax for one period of assessment of a company. `tituloId` names the company, the
 * tax and the period, so every simulation provisioned for that period lands on the same title: a monthly tax and
 * the Lucro Presumido's quarterly IRPJ/CSLL add each simulation's share, the Lucro Real's quarterly IRPJ/CSLL (each
 * simulation carries the whole quarter's) takes the figure of the newest simulation. A consumer keeps one title per
 * `tituloId` at the amount of its highest `versao`; a provisioning that changes nothing publishes nothing.
 */
export interface ContaPagarSolicitada {
  tituloId: string;
  /** 1, 2, ...: the title's versions in the order they were claimed. */
  versao: number;
  companyId: string;
  /** The simulation whose provisioning made this version. */
  simulacaoId: string;
  tributo: Tributo;
  /**
   * The period of assessment: `YYYY-MM` (monthly taxes), `YYYY-Tn` (quarterly IRPJ and CSLL), or the operation's
   * `YYYY-MM-DD` for the DIFAL, paid per operation (its `tituloId` then also names the simulation).
   */
  periodo: string;
  /** The title's amount as of this version (0 when a newer Lucro Real figure of the quarter owes nothing). */
  valorCentavos: number;
  /** `YYYY-MM-DD`. */
  vencimento: string;
  /** `YYYY-MM`: the month that closes the period (the quarter's last month for IRPJ/CSLL). */
  competencia: string;
  credor: Credor;
  /** Federal revenue code (DARF) where one applies, else null (DAS, state and municipal taxes). */
  codigoReceita: string | null;
  solicitadoEm: string;
}

export const contaPagarSolicitadaSchema = Joi.object<ContaPagarSolicitada>({
  tituloId: Joi.string().required(),
  versao: Joi.number().integer().min(1).required(),
  companyId: Joi.string().required(),
  simulacaoId: Joi.string().required(),
  tributo: Joi.string()
    .valid(...Tributos)
    .required(),
  periodo: Joi.string()
    .pattern(/^\d{4}-(\d{2}|T[1-4]|\d{2}-\d{2})$/)
    .required(),
  valorCentavos: Joi.number().integer().min(0).required(),
  vencimento: Joi.string()
    .pattern(/^\d{4}-\d{2}-\d{2}$/)
    .required(),
  competencia: Joi.string()
    .pattern(/^\d{4}-\d{2}$/)
    .required(),
  credor: Joi.string()
    .valid(...Credores)
    .required(),
  codigoReceita: Joi.string().allow(null).required(),
  solicitadoEm: Joi.string().isoDate().required(),
});
