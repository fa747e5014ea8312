import type { TipoXml } from './document-model';
import type { DocumentsStore } from './documents-store';

/** Which XMLs a company's document has (their types only, not the XML): what its detail lists as files. */
export async function xmlTypesOf(store: DocumentsStore, companyId: string, documentoId: string): Promise<Set<TipoXml>> {
  const found = await store.xmls.find({ documentoId, companyId }, { projection: { tipo: 1 }, maxTimeMS: 5_000 }).toArray();
  return new Set(found.map((x) => x.tipo));
}
