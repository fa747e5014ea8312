import type { Connection, mongo } from 'mongoose';
import { claimOnce } from '@erp/kit';

/**
 * The Sefin stand-in's registry, in the authority's database: one NFS-e per DPS Id (`sefin_dps`, the unique insert
 * that makes a DPS sent twice, even at once, one NFS-e), the NFS-e numbers of each city taken one by one
 * (`sefin_numeros`), and one cancellation per NFS-e (`sefin_eventos`, 101101 and 105102 share the slot).
 */
const MAX_TIME_MS = 5_000;

export interface NfseRecord {
  /** The DPS Id (45). */
  _id: string;
  chave: string;
  cnpj: string;
  nfseXml: string;
  /** The key of the NFS-e this one replaces (the DPS's `subst/chSubstda`), for 105102. */
  substitui: string | null;
  em: Date;
}

export interface EventoNfseRecord {
  /** `<chave>|CANCELAMENTO` */
  _id: string;
  chave: string;
  cnpj: string;
  tpEvento: string;
  eventoXml: string;
  em: Date;
}

export class RegistroSefin {
  constructor(
    private readonly nfses: mongo.Collection<NfseRecord>,
    private readonly numeros: mongo.Collection<{ _id: string; em: Date }>,
    private readonly eventos: mongo.Collection<EventoNfseRecord>,
  ) {}

  /** The next NFS-e number of a city: claims `<cMun>|<n>` from the count up, one winner per number. */
  async proximoNumero(cMun: string): Promise<number> {
    let n = (await this.numeros.countDocuments({ _id: { $regex: `^${cMun}\\|` } }, { maxTimeMS: MAX_TIME_MS })) + 1;
    while (!(await claimOnce(this.numeros, { _id: `${cMun}|${n}`, em: new Date() }))) n += 1;
    return n;
  }

  registrar(nfse: NfseRecord): Promise<boolean> {
    return claimOnce(this.nfses, nfse);
  }

  porDps(id: string): Promise<NfseRecord | null> {
    return this.nfses.findOne({ _id: id }, { maxTimeMS: MAX_TIME_MS });
  }

  porChave(chave: string): Promise<NfseRecord | null> {
    return this.nfses.findOne({ chave }, { maxTimeMS: MAX_TIME_MS });
  }

  registrarEvento(evento: EventoNfseRecord): Promise<boolean> {
    return claimOnce(this.eventos, evento);
  }

  cancelamento(chave: string): Promise<EventoNfseRecord | null> {
    return this.eventos.findOne({ _id: `${chave}|CANCELAMENTO` }, { maxTimeMS: MAX_TIME_MS });
  }
}

export async function abrirRegistroSefin(db: Connection): Promise<RegistroSefin> {
  await db.collection('sefin_dps').createIndex({ chave: 1 });
  return new RegistroSefin(db.collection<NfseRecord>('sefin_dps'), db.collection('sefin_numeros'), db.collection<EventoNfseRecord>('sefin_eventos'));
}
