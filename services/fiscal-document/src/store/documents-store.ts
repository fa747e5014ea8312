import type { Connection, mongo } from 'mongoose';
import type { ModeloNumeracao } from '../domain/access-key';
import type { Ambiente, ModeloDocumento } from '@erp/contracts';
import { claimOnce } from '@erp/kit';
import type {
  DocumentoRecord,
  FatoRecord,
  InutilizacaoNumeroRecord,
  InutilizacaoRecord,
  NumeroRecord,
  TipoXml,
  TurnoCancelamentoRecord,
  XmlRecord,
} from './document-model';
import { searchFilter, type BuscaDocumentos } from './document-search-query';

/** A query a client can trigger never holds the store longer than this, unless the service says otherwise. */
const DEFAULT_MAX_TIME_MS = 5_000;

export interface Serie {
  companyId: string;
  ambiente: Ambiente;
  /** `CTEOS` for a CT-e OS: model 67 numbers apart from the CT-e (57). */
  modelo: ModeloNumeracao;
  serie: number;
}

export const serieKey = (s: Serie) => `${s.companyId}|${s.ambiente}|${s.modelo}|${s.serie}`;

/** Opens the fiscal-document collections and creates their indexes, then resolves to the store. */
export async function createDocumentsStore(db: Connection, options: { maxTimeMS?: number } = {}): Promise<DocumentsStore> {
  const store = new DocumentsStore(
    db.collection<DocumentoRecord>('documentos_fiscais'),
    db.collection<NumeroRecord>('numeracao'),
    db.collection<FatoRecord>('fatos_documento'),
    db.collection<XmlRecord>('xml_documentos'),
    db.collection<InutilizacaoRecord>('inutilizacoes'),
    db.collection<InutilizacaoNumeroRecord>('inutilizacao_numeros'),
    db.collection<TurnoCancelamentoRecord>('cancelamento_turnos'),
    options.maxTimeMS ?? DEFAULT_MAX_TIME_MS,
  );
  // On MongoDB these lead with the company, bounding each tenant's reads; on FerretDB (patched: docs/ferretdb.md) a
  // GIN index beside each serves the equality filters on their fields.
  await Promise.all([
    store.documentos.createIndex({ companyId: 1, criadoEm: -1, _id: -1 }),
    store.documentos.createIndex({ companyId: 1, situacao: 1, criadoEm: -1 }),
    store.documentos.createIndex({ companyId: 1, chaveAcesso: 1 }),
    // The documents' search (store/document-search-query.ts): each equality filter under the company.
    store.documentos.createIndex({ companyId: 1, numero: 1 }),
    store.documentos.createIndex({ companyId: 1, referencia: 1 }),
    store.documentos.createIndex({ companyId: 1, 'destinatario.documento': 1 }),
    store.documentos.createIndex({ companyId: 1, modelo: 1, criadoEm: -1 }),
    store.numeros.createIndex({ companyId: 1, ambiente: 1, modelo: 1, serie: 1, numero: -1 }),
    store.numeros.createIndex({ situacao: 1 }),
    store.fatos.createIndex({ documentoId: 1 }),
    store.xmls.createIndex({ documentoId: 1 }),
    store.documentos.createIndex({ situacao: 1, criadoEm: 1 }),
    store.inutilizacoes.createIndex({ situacao: 1, criadoEm: 1 }),
    store.inutilizacoes.createIndex({ companyId: 1, criadoEm: -1 }),
    store.numerosInutilizacao.createIndex({ inutilizacaoId: 1 }),
    store.fatos.createIndex({ desfecho: 1, em: 1 }),
    store.turnos.createIndex({ documentoId: 1, n: -1 }),
  ]);
  return store;
}

/**
 * The fiscal-document collections. Every query a client can trigger is keyed by company, so none can cross
 * companies. Every invariant under concurrency is a claim by unique insert (FerretDB 1.24 loses update races).
 */
class DocumentsStore {
  constructor(
    readonly documentos: mongo.Collection<DocumentoRecord>,
    readonly numeros: mongo.Collection<NumeroRecord>,
    readonly fatos: mongo.Collection<FatoRecord>,
    readonly xmls: mongo.Collection<XmlRecord>,
    readonly inutilizacoes: mongo.Collection<InutilizacaoRecord>,
    readonly numerosInutilizacao: mongo.Collection<InutilizacaoNumeroRecord>,
    readonly turnos: mongo.Collection<TurnoCancelamentoRecord>,
    /** `maxTimeMS` of every query a client's request runs; the background jobs' own queries go without. */
    private readonly maxTimeMS: number,
  ) {}

  /** Claims the document (and with it its `referencia`); false when it exists already. */
  claimDocument(doc: DocumentoRecord): Promise<boolean> {
    return claimOnce(this.documentos, doc);
  }

  byId(companyId: string, id: string): Promise<DocumentoRecord | null> {
    return this.documentos.findOne({ _id: id, companyId }, { maxTimeMS: this.maxTimeMS });
  }

  /** A company's document by its access key. */
  byKey(companyId: string, chaveAcesso: string): Promise<DocumentoRecord | null> {
    return this.documentos.findOne({ companyId, chaveAcesso }, { maxTimeMS: this.maxTimeMS });
  }

  /** A company's documents newest first, after `depois` (the last one of the previous page), at most `limite`. */
  page(companyId: string, filtro: BuscaDocumentos, limite: number, depois: { criadoEm: Date; id: string } | null): Promise<DocumentoRecord[]> {
    const query = searchFilter(companyId, filtro);
    if (depois) query.$or = [{ criadoEm: { $lt: depois.criadoEm } }, { criadoEm: depois.criadoEm, _id: { $lt: depois.id } }];
    return this.documentos.find(query, { maxTimeMS: this.maxTimeMS }).sort({ criadoEm: -1, _id: -1 }).limit(limite).toArray();
  }

  /** Sets fields of a document. Only the holder of the claim that decides them calls it (or the relay, the same values). */
  async set(id: string, campos: Partial<DocumentoRecord>): Promise<void> {
    await this.documentos.updateOne({ _id: id }, { $set: campos });
  }

  /**
   * The authorization's fields, only onto a document still undecided (PROCESSANDO, PENDENTE): a late re-apply (the
   * relay retrying its event) never turns a cancelled or marked document back. A document becomes cancellable
   * only once this write landed, so no later state can be written while it may still match.
   */
  async applyAuthorization(id: string, campos: Partial<DocumentoRecord>): Promise<void> {
    await this.documentos.updateOne({ _id: id, situacao: { $in: ['PROCESSANDO', 'PENDENTE'] } }, { $set: campos });
  }

  /**
   * Takes the next number of a series for a document, gap-free and never twice: the number is claimed by
   * inserting `serie|numero`; starting from the highest taken plus one and moving up by one on each collision
   * means a number is only tried once every lower one is taken, so no gap opens, whatever the replicas.
   */
  async takeNumber(serie: Serie, documentoId: string, em: Date): Promise<number> {
    const ja = await this.numeros.findOne({ documentoId, companyId: serie.companyId }, { maxTimeMS: this.maxTimeMS });
    if (ja) return ja.numero;
    const ultimo = await this.numeros
      .find({ companyId: serie.companyId, ambiente: serie.ambiente, modelo: serie.modelo, serie: serie.serie }, { maxTimeMS: this.maxTimeMS })
      .sort({ numero: -1 })
      .limit(1)
      .toArray();
    let numero = (ultimo[0]?.numero ?? 0) + 1;
    const claim = (n: number): NumeroRecord => ({ _id: `${serieKey(serie)}|${n}`, ...serie, numero: n, documentoId, situacao: 'USADO', em });
    while (!(await claimOnce(this.numeros, claim(numero)))) {
      numero += 1;
    }
    return numero;
  }

  /** A number whose document was not authorized: kept, to be voided with SEFAZ (never reused). */
  async burnNumber(serie: Serie, numero: number): Promise<void> {
    await this.numeros.updateOne({ _id: `${serieKey(serie)}|${numero}` }, { $set: { situacao: 'A_INUTILIZAR' } });
  }

  /** SEFAZ voided these numbers: `INUTILIZADO` (idempotent; the voiding's relay re-applies it). */
  async markNumbersVoided(serie: Serie, de: number, ate: number): Promise<void> {
    const ids = Array.from({ length: ate - de + 1 }, (_, i) => `${serieKey(serie)}|${de + i}`);
    await this.numeros.updateMany({ _id: { $in: ids } }, { $set: { situacao: 'INUTILIZADO' }, $unset: { recusaInutilizacao: '' } });
  }

  /**
   * Numbers waiting to be voided, oldest first, across companies (the scheduled job's work list): burned numbers
   * of the models SEFAZ voids, taken before `antesDe`, except those whose automatic voiding SEFAZ refused.
   */
  burnedNumbers(limite: number, antesDe: Date): Promise<(NumeroRecord & { modelo: 'NFE' | 'NFCE' })[]> {
    const numeros = this.numeros as unknown as mongo.Collection<NumeroRecord & { modelo: 'NFE' | 'NFCE' }>;
    return numeros
      .find({ situacao: 'A_INUTILIZAR', modelo: { $in: ['NFE', 'NFCE'] }, em: { $lte: antesDe }, recusaInutilizacao: { $exists: false } })
      .sort({ em: 1 })
      .limit(limite)
      .toArray();
  }

  numbersInRange(serie: Serie, de: number, ate: number): Promise<NumeroRecord[]> {
    return this.numeros
      .find({ companyId: serie.companyId, ambiente: serie.ambiente, modelo: serie.modelo, serie: serie.serie, numero: { $gte: de, $lte: ate } }, { maxTimeMS: this.maxTimeMS })
      .sort({ numero: 1 })
      .toArray();
  }

  /**
   * Documents sent whose outcome is unknown, and claims abandoned mid-way, whether or not their number reached the
   * document (a crash between taking the number and writing it leaves the number claimed and the document
   * without it); oldest first.
   */
  unresolved(antesDe: Date, limite: number): Promise<DocumentoRecord[]> {
    return this.documentos
      .find({ $or: [{ situacao: 'PENDENTE' }, { situacao: 'PROCESSANDO', criadoEm: { $lte: antesDe } }] })
      .sort({ criadoEm: 1 })
      .limit(limite)
      .toArray();
  }

  /** Keeps an XML once: the first stored version wins (a retry must send the same bytes). */
  async keepXml(registro: XmlRecord): Promise<string> {
    if (await claimOnce(this.xmls, registro)) return registro.xml;
    return (await this.xmls.findOne({ _id: registro._id }, { maxTimeMS: this.maxTimeMS }))!.xml;
  }

  /** Forgets an XML SEFAZ never registered (a cancellation event it does not have), so a new one may be kept. */
  async dropXml(documentoId: string, tipo: TipoXml): Promise<void> {
    await this.xmls.deleteOne({ _id: `${documentoId}:${tipo}` });
  }

  async xml(documentoId: string, tipo: TipoXml): Promise<string | null> {
    return (await this.xmls.findOne({ _id: `${documentoId}:${tipo}` }, { maxTimeMS: this.maxTimeMS }))?.xml ?? null;
  }

  /**
   * Claims each number of a voiding, lowest first. A number this voiding holds already (a resumed attempt) counts
   * as claimed. On any loss it frees what it holds and answers the number another voiding holds.
   */
  async claimVoidingNumbers(serie: Serie, de: number, ate: number, inutilizacaoId: string): Promise<number | null> {
    for (let n = de; n <= ate; n += 1) {
      const _id = `${serieKey(serie)}|${n}`;
      if (await claimOnce(this.numerosInutilizacao, { _id, inutilizacaoId })) continue;
      const dono = await this.numerosInutilizacao.findOne({ _id }, { maxTimeMS: this.maxTimeMS });
      if (dono?.inutilizacaoId === inutilizacaoId) continue;
      await this.releaseVoidingNumbers(inutilizacaoId);
      return n;
    }
    return null;
  }

  /** Frees the numbers a voiding holds (it was refused, or never sent). */
  async releaseVoidingNumbers(inutilizacaoId: string): Promise<void> {
    await this.numerosInutilizacao.deleteMany({ inutilizacaoId });
  }

  /** Which voiding holds a number, if any. */
  async voidingHolding(serie: Serie, numero: number): Promise<string | null> {
    return (await this.numerosInutilizacao.findOne({ _id: `${serieKey(serie)}|${numero}` }, { maxTimeMS: this.maxTimeMS }))?.inutilizacaoId ?? null;
  }

  /** Of these numbers, those some voiding holds (`<serie key>|<numero>`). */
  async heldByVoidings(numeros: NumeroRecord[]): Promise<Set<string>> {
    if (numeros.length === 0) return new Set();
    const tomados = await this.numerosInutilizacao.find({ _id: { $in: numeros.map((n) => n._id) } }, { maxTimeMS: this.maxTimeMS }).toArray();
    return new Set(tomados.map((t) => t._id));
  }

  /** Records a voiding attempt; its `_id` is unique per attempt, so this insert never collides. */
  async createVoiding(registro: InutilizacaoRecord): Promise<void> {
    await this.inutilizacoes.insertOne(registro);
  }

  /** Only the holder of the voiding's numbers calls it (or the relay, re-applying the same values). */
  async setVoiding(id: string, campos: Partial<InutilizacaoRecord>): Promise<void> {
    await this.inutilizacoes.updateOne({ _id: id }, { $set: campos });
  }

  /** A voiding that never sent anything (its numbers were taken by another), removed. */
  async dropVoiding(id: string): Promise<void> {
    await this.inutilizacoes.deleteOne({ _id: id, situacao: 'PENDENTE', outbox: { $exists: false } });
  }

  voiding(id: string): Promise<InutilizacaoRecord | null> {
    return this.inutilizacoes.findOne({ _id: id }, { maxTimeMS: this.maxTimeMS });
  }

  /** The last successful voiding of exactly this range (a repeated request answers with it). */
  voidingOfRange(serie: Serie, de: number, ate: number): Promise<InutilizacaoRecord | null> {
    return this.inutilizacoes.findOne(
      // Voidings are of the NF-e and NFC-e only (the CT-e 4.00 has none): never a CTEOS numbering.
      { companyId: serie.companyId, ambiente: serie.ambiente, modelo: serie.modelo as ModeloDocumento, serie: serie.serie, de, ate, situacao: 'INUTILIZADA' },
      { maxTimeMS: this.maxTimeMS },
    );
  }

  /** Voidings asked and not answered, untouched since `antesDe` (their author died or SEFAZ did not answer). */
  pendingVoidings(limite: number, antesDe: Date): Promise<InutilizacaoRecord[]> {
    return this.inutilizacoes.find({ situacao: 'PENDENTE', criadoEm: { $lte: antesDe } }).sort({ criadoEm: 1 }).limit(limite).toArray();
  }

  /** A company's voidings, newest first. */
  voidingsOf(companyId: string, filtro: { modelo?: ModeloDocumento }, limite: number): Promise<InutilizacaoRecord[]> {
    const query: mongo.Filter<InutilizacaoRecord> = { companyId, situacao: { $ne: 'DESCARTADA' } };
    if (filtro.modelo) query.modelo = filtro.modelo;
    return this.inutilizacoes
      .find(query, { maxTimeMS: this.maxTimeMS, projection: { xmlAssinado: 0, xml: 0, outbox: 0 } })
      .sort({ criadoEm: -1, _id: -1 })
      .limit(limite)
      .toArray();
  }

  /** How many burned numbers wait for a person after SEFAZ refused their automatic voiding, and the oldest of them. */
  async refusedVoidingBacklog(): Promise<{ numeros: number; maisAntigo: Date | null }> {
    const filtro = { situacao: 'A_INUTILIZAR' as const, recusaInutilizacao: { $exists: true } };
    const [numeros, antigo] = await Promise.all([
      this.numeros.countDocuments(filtro, { maxTimeMS: this.maxTimeMS }),
      this.numeros.find(filtro, { maxTimeMS: this.maxTimeMS }).sort({ em: 1 }).limit(1).toArray(),
    ]);
    return { numeros, maisAntigo: antigo[0] ? new Date(antigo[0].em) : null };
  }

  /** Of these voidings, those SEFAZ refused whose numbers are still burned and flagged by them (waiting for a person). */
  async refusalsAwaitingDecision(inutilizacaoIds: string[]): Promise<Set<string>> {
    if (inutilizacaoIds.length === 0) return new Set();
    const ids = await this.numeros.distinct('recusaInutilizacao.inutilizacaoId', { situacao: 'A_INUTILIZAR', 'recusaInutilizacao.inutilizacaoId': { $in: inutilizacaoIds } });
    return new Set(ids.map(String));
  }

  /** The issuers (CNPJ, UF) of the documents that took these numbers. */
  async issuersOfNumbers(serie: Serie, de: number, ate: number): Promise<{ emitenteCnpj: string; emitenteUf: string }[]> {
    const numeros = await this.numbersInRange(serie, de, ate);
    const documentos = await this.documentos
      .find({ _id: { $in: [...new Set(numeros.map((n) => n.documentoId))] }, companyId: serie.companyId }, { projection: { emitenteCnpj: 1, emitenteUf: 1 }, maxTimeMS: this.maxTimeMS })
      .toArray();
    const unicos = new Map(documentos.map((d) => [`${d.emitenteCnpj}|${d.emitenteUf}`, { emitenteCnpj: d.emitenteCnpj, emitenteUf: d.emitenteUf }]));
    return [...unicos.values()];
  }

  /** A company's voiding by id (another company's is not found). */
  voidingOf(companyId: string, id: string): Promise<InutilizacaoRecord | null> {
    return this.inutilizacoes.findOne({ _id: id, companyId }, { maxTimeMS: this.maxTimeMS });
  }

  /** The scheduled job does not ask again for numbers whose voiding SEFAZ refused. */
  async flagVoidingRefused(serie: Serie, de: number, ate: number, recusa: NonNullable<NumeroRecord['recusaInutilizacao']>): Promise<void> {
    const ids = Array.from({ length: ate - de + 1 }, (_, i) => `${serieKey(serie)}|${de + i}`);
    await this.numeros.updateMany({ _id: { $in: ids }, situacao: 'A_INUTILIZAR' }, { $set: { recusaInutilizacao: recusa } });
  }

  claimFact(fato: FatoRecord): Promise<boolean> {
    return claimOnce(this.fatos, fato);
  }

  fact(id: string): Promise<FatoRecord | null> {
    return this.fatos.findOne({ _id: id }, { maxTimeMS: this.maxTimeMS });
  }

  /** Frees a claimed fact that announced nothing (its authorizer said no), so a later attempt may claim it. */
  async releaseFact(id: string): Promise<void> {
    await this.fatos.deleteOne({ _id: id, outbox: { $exists: false } });
  }

  async setFact(id: string, campos: Partial<FatoRecord>): Promise<void> {
    await this.fatos.updateOne({ _id: id }, { $set: campos });
  }

  /**
   * Cancellation claims left open, oldest first, across companies (the reconciliation's work list): claimed and
   * never recorded, either marked uncertain by their author (answer lost) or claimed before `abandonadoAntes`.
   */
  openCancellations(abandonadoAntes: Date, limite: number): Promise<FatoRecord[]> {
    return this.fatos
      .find({ desfecho: 'CANCELAMENTO', outbox: { $exists: false }, $or: [{ incerto: true }, { em: { $lte: abandonadoAntes } }] })
      .sort({ em: 1 })
      .limit(limite)
      .toArray();
  }

  /**
   * Takes the next turn at settling a document's open cancellation claim: null while another turn is running
   * (ended turns, and turns begun before `vencidoAntes`, no longer count). Of racing callers one inserts the turn.
   */
  async claimCancellationTurn(documentoId: string, vencidoAntes: Date, em: Date): Promise<number | null> {
    const [ultimo] = await this.turnos.find({ documentoId }).sort({ n: -1 }).limit(1).toArray();
    if (ultimo && !ultimo.fim && new Date(ultimo.em).getTime() > vencidoAntes.getTime()) return null;
    const n = (ultimo?.n ?? 0) + 1;
    return (await claimOnce(this.turnos, { _id: `${documentoId}|${n}`, documentoId, n, em })) ? n : null;
  }

  /** Only the turn's holder ends it. */
  async endCancellationTurn(documentoId: string, n: number): Promise<void> {
    await this.turnos.updateOne({ _id: `${documentoId}|${n}` }, { $set: { fim: new Date() } });
  }
}

/** A type only: `createDocumentsStore` is the one way to build it. */
export type { DocumentsStore };
