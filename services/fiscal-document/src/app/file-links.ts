import { createHash, randomBytes } from 'node:crypto';
import type { Connection, mongo } from 'mongoose';
import { FiscalDocumentErrorCodes as Codes, Refusal } from '@erp/contracts';
import type { Clock, FileReply } from '@erp/kit';
import type { DocumentFiles } from './document-files';
import type { DocumentReads } from './document-reads';
import { notFound } from './refusals';

/**
 * Short-lived links to a document's file (its DANFE / DANFCE, its XML) that open in a new tab or in the page's
 * preview without the session: the session is never put in a URL (URLs end up in history, logs and Referer
 * headers). The page asks for a link with its session; the link is a random 256-bit token, good for
 * `LINK_SECONDS`, of one company's one file. Only the token's SHA-256 is stored, so reading the collection gives
 * no usable link; each is kept in the store (not signed by a process key) so any replica opens it.
 */
export const LINK_SECONDS = 120;
export const ArquivosComLink = ['danfe', 'xml'] as const;
export type ArquivoComLink = (typeof ArquivosComLink)[number];

interface LinkRecord {
  _id: string;
  companyId: string;
  documentoId: string;
  arquivo: ArquivoComLink;
  expiraEm: Date;
}

export const FILE_LINKS_PATH = '/api/erp/faturamento/documentos/arquivos';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export function linkInvalid(): Refusal {
  return new Refusal(Codes.DOCUMENTO_NAO_ENCONTRADO, 'link de arquivo inexistente ou expirado: peça outro na página do documento', { status: 404 });
}

export class FileLinks {
  private constructor(
    private readonly links: mongo.Collection<LinkRecord>,
    private readonly deps: { reads: DocumentReads; files: DocumentFiles; clock: Clock },
  ) {}

  static create(db: Connection, deps: { reads: DocumentReads; files: DocumentFiles; clock: Clock }): Promise<FileLinks> {
    // Read by `_id` only. Expired links are refused by their `expiraEm`, not removed: a few hundred bytes each, and
    // FerretDB 1.24 has no TTL index (a sweep would be a job of its own; not needed at this size).
    return Promise.resolve(new FileLinks(db.collection<LinkRecord>('links_arquivos'), deps));
  }

  /** A link to a file of the company's document; DOCUMENTO_NAO_ENCONTRADO for another company's or an unknown id. */
  async issue(companyId: string, documentoId: string, arquivo: unknown): Promise<{ url: string; expiraEm: Date }> {
    if (!ArquivosComLink.includes(arquivo as ArquivoComLink)) {
      throw new Refusal(Codes.DOCUMENTO_INVALIDO, `arquivo deve ser ${ArquivosComLink.join(' ou ')}`, {
        extra: { campos: [{ campo: 'arquivo', regra: 'valor_invalido', erro: `deve ser ${ArquivosComLink.join(' ou ')}` }] },
      });
    }
    if (!(await this.deps.reads.get(companyId, documentoId))) throw notFound();
    const token = randomBytes(32).toString('base64url');
    const expiraEm = new Date(this.deps.clock().getTime() + LINK_SECONDS * 1000);
    await this.links.insertOne({ _id: digest(token), companyId, documentoId, arquivo: arquivo as ArquivoComLink, expiraEm });
    return { url: `${FILE_LINKS_PATH}/${token}`, expiraEm };
  }

  /** The file of a link still valid, with the company of the link (the file reads stay scoped to it). */
  async open(token: string): Promise<{ companyId: string; arquivo: ArquivoComLink; file: () => Promise<FileReply> }> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw linkInvalid();
    const link = await this.links.findOne({ _id: digest(token) }, { maxTimeMS: 5_000 });
    if (!link || link.expiraEm.getTime() <= this.deps.clock().getTime()) throw linkInvalid();
    const { companyId, documentoId, arquivo } = link;
    return { companyId, arquivo, file: () => (arquivo === 'danfe' ? this.deps.files.danfe(companyId, documentoId) : this.deps.files.xml(companyId, documentoId)) };
  }
}
