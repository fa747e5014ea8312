import type { DetalheDocumentoFiscal } from '@erp/contracts';
import { xmlTypesOf } from '../store/document-files-query';
import type { BuscaDocumentos } from '../store/document-search-query';
import { documentDetail } from './document-detail';
import type { FiscalDeps } from './deps';
import { notFound } from './refusals';
import { documentView, type DocumentoFiscalView } from './views';

/** Reading a company's documents; a document still PROCESSANDO is never shown, and another company's is not found. */
export class DocumentReads {
  constructor(private readonly deps: Pick<FiscalDeps, 'store' | 'clock'>) {}

  async get(companyId: string, id: string): Promise<DocumentoFiscalView | null> {
    const doc = await this.deps.store.byId(companyId, id);
    return doc && doc.situacao !== 'PROCESSANDO' ? documentView(doc, this.deps.clock()) : null;
  }

  /** The detail of a company's document (items, recipient, events, files); null like `get`. */
  async detail(companyId: string, id: string): Promise<DetalheDocumentoFiscal | null> {
    const doc = await this.deps.store.byId(companyId, id);
    if (!doc || doc.situacao === 'PROCESSANDO') return null;
    return documentDetail(doc, await xmlTypesOf(this.deps.store, companyId, doc._id), this.deps.clock());
  }

  async getOrRefuse(companyId: string, id: string): Promise<DocumentoFiscalView> {
    const doc = await this.get(companyId, id);
    if (!doc) throw notFound();
    return doc;
  }

  /** Newest first; `limite + 1` read so the caller knows whether a next page exists (kit `pageOf`). */
  async list(
    companyId: string,
    filtro: BuscaDocumentos,
    limite: number,
    depois: { criadoEm: Date; id: string } | null,
  ): Promise<{ view: DocumentoFiscalView; criadoEm: Date; id: string }[]> {
    const docs = await this.deps.store.page(companyId, filtro, limite + 1, depois);
    const agora = this.deps.clock();
    return docs.map((doc) => ({ view: documentView(doc, agora), criadoEm: doc.criadoEm, id: doc._id }));
  }
}
