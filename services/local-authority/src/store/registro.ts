import type { Connection, mongo } from 'mongoose';
import { claimOnce } from '@erp/kit';

/**
 * The authority's registry in its own database (`erp_local_authority`), so what it authorized survives a restart.
 * Every "one winner" is an insert under a unique `_id` (the kit's `claimOnce`): a number of a series is taken once,
 * by an authorization or a voiding (204 / 539 / 206 / 241 / 256 / 563 are read from the holder); a key is cancelled
 * once (573); an event sequence is registered once.
 */
const MAX_TIME_MS = 5_000;

/** A number of a series, taken by an authorization (with its outcome) or by a voiding. */
export interface NumeroRecord {
  /** `<tpAmb>|<CNPJ>|<mod>|<serie>|<nNF>`: the key of the key (an access key names exactly one number). */
  _id: string;
  tipo: 'AUTORIZACAO' | 'INUTILIZACAO';
  cnpj: string;
  tpAmb: string;
  /** AUTORIZACAO: the access key and SEFAZ's answer (100, or a denial 110/301/302). */
  chave?: string;
  cStat?: string;
  xMotivo?: string;
  nProt: string;
  dhRecbto: string;
  digVal?: string;
  em: Date;
  /** INUTILIZACAO: the range and the request that holds it. */
  faixaId?: string;
  pedido?: string;
  /** Set by the control port's `numeros-de-outra-chave` (a number another system took): not listed as ours. */
  semeado?: boolean;
}

export interface EventoRecord {
  /** `<chave>|CANCELAMENTO` (110111 or 110112: one cancellation per key), or `<chave>|<tpEvento>|<nSeqEvento>`. */
  _id: string;
  chave: string;
  cnpj: string;
  tpEvento: string;
  nSeqEvento: number;
  cStat: string;
  nProt: string;
  dhRegEvento: string;
  /** The signed event with its retEvento (procEventoNFe), as a query by key returns it. */
  procEvento: string;
  chNFeRef: string | null;
  em: Date;
}

export interface InutilizacaoRecord {
  /** `<tpAmb>|<CNPJ>|<mod>|<serie>|<de>-<ate>` */
  _id: string;
  cnpj: string;
  mod: string;
  serie: number;
  de: number;
  ate: number;
  nProt: string;
  em: Date;
}

export interface ReciboRecord {
  _id: string;
  chave: string;
  cnpj: string;
  /** The protNFe the batch ended with, returned once the receipt is polled enough. */
  protNFe: string;
  consultas: number;
}

export const numeroId = (tpAmb: string, cnpj: string, mod: string, serie: number, nNF: number) => `${tpAmb}|${cnpj}|${mod}|${serie}|${nNF}`;

export class Registro {
  constructor(
    private readonly numeros: mongo.Collection<NumeroRecord>,
    private readonly eventos: mongo.Collection<EventoRecord>,
    private readonly inutilizacoes: mongo.Collection<InutilizacaoRecord>,
    private readonly recibos: mongo.Collection<ReciboRecord>,
  ) {}

  /** Takes a number: true when this caller won it; otherwise the holder is read with `numero`. */
  tomarNumero(registro: NumeroRecord): Promise<boolean> {
    return claimOnce(this.numeros, registro);
  }

  numero(id: string): Promise<NumeroRecord | null> {
    return this.numeros.findOne({ _id: id }, { maxTimeMS: MAX_TIME_MS });
  }

  autorizacao(chave: string): Promise<NumeroRecord | null> {
    return this.numeros.findOne({ chave, tipo: 'AUTORIZACAO' }, { maxTimeMS: MAX_TIME_MS });
  }

  /** Gives back the numbers a voiding request took before it lost one (nothing was registered). */
  async devolverNumeros(pedido: string): Promise<void> {
    await this.numeros.deleteMany({ pedido, tipo: 'INUTILIZACAO' });
  }

  registrarEvento(evento: EventoRecord): Promise<boolean> {
    return claimOnce(this.eventos, evento);
  }

  evento(id: string): Promise<EventoRecord | null> {
    return this.eventos.findOne({ _id: id }, { maxTimeMS: MAX_TIME_MS });
  }

  eventosDaChave(chave: string): Promise<EventoRecord[]> {
    return this.eventos.find({ chave }, { maxTimeMS: MAX_TIME_MS }).sort({ em: 1 }).toArray();
  }

  /** The record of a completed voiding (its numbers are all taken), listed by the control port. */
  async registrarInutilizacao(faixa: InutilizacaoRecord): Promise<void> {
    await claimOnce(this.inutilizacoes, faixa);
  }

  async guardarRecibo(recibo: ReciboRecord): Promise<void> {
    await this.recibos.insertOne(recibo);
  }

  /** Counts one more poll of a receipt (a poller is one client: no race to guard) and returns the receipt. */
  consultarRecibo(nRec: string): Promise<ReciboRecord | null> {
    return this.recibos.findOneAndUpdate({ _id: nRec }, { $inc: { consultas: 1 } }, { returnDocument: 'after', maxTimeMS: MAX_TIME_MS });
  }

  /** What the control port reports for an issuer (tests). */
  async doEmitente(cnpj: string): Promise<{ autorizacoes: NumeroRecord[]; cancelamentos: EventoRecord[]; inutilizacoes: InutilizacaoRecord[] }> {
    const [autorizacoes, cancelamentos, inutilizacoes] = await Promise.all([
      this.numeros.find({ cnpj, tipo: 'AUTORIZACAO', semeado: { $ne: true } }, { maxTimeMS: MAX_TIME_MS }).sort({ em: 1 }).toArray(),
      this.eventos.find({ cnpj, tpEvento: { $in: ['110111', '110112'] } }, { maxTimeMS: MAX_TIME_MS }).toArray(),
      this.inutilizacoes.find({ cnpj }, { maxTimeMS: MAX_TIME_MS }).sort({ em: 1 }).toArray(),
    ]);
    return { autorizacoes, cancelamentos, inutilizacoes };
  }
}

export async function abrirRegistro(db: Connection): Promise<Registro> {
  const registro = new Registro(
    db.collection<NumeroRecord>('numeros'),
    db.collection<EventoRecord>('eventos'),
    db.collection<InutilizacaoRecord>('inutilizacoes'),
    db.collection<ReciboRecord>('recibos'),
  );
  await Promise.all([
    db.collection('numeros').createIndex({ chave: 1 }),
    db.collection('numeros').createIndex({ cnpj: 1, tipo: 1 }),
    db.collection('numeros').createIndex({ pedido: 1 }),
    db.collection('eventos').createIndex({ chave: 1 }),
    db.collection('eventos').createIndex({ cnpj: 1 }),
    db.collection('inutilizacoes').createIndex({ cnpj: 1 }),
  ]);
  return registro;
}
