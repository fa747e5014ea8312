import type { mongo } from 'mongoose';
import type { ModeloBusca, ModeloDocumento, SituacaoDocumento } from '@erp/contracts';
import type { DocumentoRecord } from './document-model';

/** What a search of a company's documents filters on (read from the request by `app/document-search.ts`). */
export interface BuscaDocumentos {
  modelo?: ModeloBusca;
  situacao?: SituacaoDocumento;
  /** `emitidoEm` at or after. */
  emitidoDesde?: Date;
  /** `emitidoEm` before. */
  emitidoAntes?: Date;
  /** The recipient's CNPJ / CPF, digits. */
  clienteDocumento?: string;
  /** A regular expression (special characters escaped, accents folded: `domain/name-search.ts`) matched against the recipient's name, any case. */
  clienteNome?: string;
  numero?: number;
  chaveAcesso?: string;
  referencia?: string;
}

/**
 * The store's filter of a search: always the company first (every index of the collection that serves a search
 * leads with it), never a document still PROCESSANDO. Equalities (model, status, number, key, referencia, the
 * recipient's document) are served by the company-led indexes (on the patched FerretDB, their GIN companions);
 * the period and the name part narrow the company's documents only, inside the read's limit and `maxTimeMS`.
 */
export function searchFilter(companyId: string, busca: BuscaDocumentos): mongo.Filter<DocumentoRecord> {
  const query: mongo.Filter<DocumentoRecord> = { companyId, situacao: busca.situacao ?? { $ne: 'PROCESSANDO' } };
  if (busca.modelo) {
    // The stored model leads (the `{companyId, modelo, criadoEm}` index); the CT-e OS is told from the CT-e within
    // those documents by its `cteOs` group, which every CT-e OS has had since it was issued and no CT-e 57 has.
    query.modelo = (busca.modelo === 'CTEOS' ? 'CTE' : busca.modelo) satisfies ModeloDocumento;
    if (busca.modelo === 'CTE' || busca.modelo === 'CTEOS') query.cteOs = { $exists: busca.modelo === 'CTEOS' };
  }
  if (busca.numero !== undefined) query.numero = busca.numero;
  if (busca.chaveAcesso) query.chaveAcesso = busca.chaveAcesso;
  if (busca.referencia) query.referencia = busca.referencia;
  if (busca.clienteDocumento) query['destinatario.documento'] = busca.clienteDocumento;
  if (busca.clienteNome) query['destinatario.nome'] = { $regex: busca.clienteNome, $options: 'i' };
  if (busca.emitidoDesde || busca.emitidoAntes) {
    query.emitidoEm = { ...(busca.emitidoDesde ? { $gte: busca.emitidoDesde } : {}), ...(busca.emitidoAntes ? { $lt: busca.emitidoAntes } : {}) };
  }
  return query;
}
