import type { FileReply, FiscalSettingsReader } from '@erp/kit';
import { gerarDacte } from '../dacte/dacte-layout';
import { dacteDoXml } from '../dacte/data';
import { danfeDoDocumento, danfeDoXml } from '../danfe/data';
import { gerarDanfe } from '../danfe/pdf';
import type { DocumentoRecord } from '../store/document-model';
import type { DocumentsStore } from '../store/documents-store';
import { danfeUnavailable, notAuthorized, notFound, xmlUnavailable } from './refusals';

const DECLARACAO = '<?xml version="1.0" encoding="UTF-8"?>';


/**
 * The files of a document: its XML (the authorized `nfeProc` when SEFAZ answered, else the signed NF-e that was
 * sent) and its DANFE / DANFCE. Scoped to the company like every read: another company's id is not found.
 */
export class DocumentFiles {
  constructor(private readonly deps: { store: DocumentsStore; settings: FiscalSettingsReader }) {}

  private async documento(companyId: string, id: string): Promise<DocumentoRecord> {
    const doc = await this.deps.store.byId(companyId, id);
    if (!doc || doc.situacao === 'PROCESSANDO') throw notFound();
    return doc;
  }

  async xml(companyId: string, id: string): Promise<FileReply> {
    const doc = await this.documento(companyId, id);
    const proc = await this.deps.store.xml(doc._id, 'NFE_PROC');
    const xml = proc ?? (await this.deps.store.xml(doc._id, 'NFE_ASSINADA'));
    if (!xml) {
      throw xmlUnavailable('este documento não tem XML: foi autorizado pelo autorizador local (desenvolvimento), que não assina nem transmite', { documentoId: doc._id });
    }
    const [nomeProc, nomeAssinado] = doc.modelo === 'CTE' ? ['procCTe', 'cte'] : ['procNFe', 'nfe'];
    return { conteudo: `${DECLARACAO}${xml}`, tipo: 'application/xml; charset=utf-8', nome: `${doc.chaveAcesso}-${proc ? nomeProc : nomeAssinado}.xml` };
  }

  /** The cancellation's `procEventoNFe` (event 110111 or 110112 with SEFAZ's answer), once SEFAZ registered it. */
  async xmlCancelamento(companyId: string, id: string): Promise<FileReply> {
    const doc = await this.documento(companyId, id);
    const xml = await this.deps.store.xml(doc._id, 'CANCELAMENTO_PROC');
    if (!xml) {
      throw xmlUnavailable('este documento não tem cancelamento registrado pela SEFAZ (não cancelado, ou cancelado pelo autorizador local)', { documentoId: doc._id });
    }
    return { conteudo: `${DECLARACAO}${xml}`, tipo: 'application/xml; charset=utf-8', nome: `${doc.chaveAcesso}-${doc.modelo === 'CTE' ? 'procEventoCTe' : 'procEventoNFe'}.xml` };
  }

  /** A voiding's `ProcInutNFe` (the signed request with SEFAZ's answer), once SEFAZ voided the range. */
  async xmlInutilizacao(companyId: string, id: string): Promise<FileReply> {
    const inutilizacao = await this.deps.store.voidingOf(companyId, id);
    // An unknown id (or another company's) has no XML either: one answer, so ids of other companies tell nothing.
    if (!inutilizacao?.xml) {
      throw xmlUnavailable('não há ProcInutNFe desta inutilização: inexistente, não registrada pela SEFAZ, ou do autorizador local', { inutilizacaoId: id });
    }
    const nome = `${inutilizacao.modelo}-${inutilizacao.serie}-${inutilizacao.de}-${inutilizacao.ate}-procInutNFe.xml`;
    return { conteudo: `${DECLARACAO}${inutilizacao.xml}`, tipo: 'application/xml; charset=utf-8', nome };
  }

  /**
   * The DANFE (NF-e) or DANFCE (NFC-e) of an authorized or cancelled document: made of its authorized XML when
   * there is one, else (local authorizer) of the stored document, marked as having no fiscal value. A document
   * SEFAZ did not authorize (rejected, denied, pending) has none.
   */
  async danfe(companyId: string, id: string): Promise<FileReply> {
    const doc = await this.documento(companyId, id);
    if (doc.modelo !== 'NFE' && doc.modelo !== 'NFCE' && doc.modelo !== 'CTE') {
      throw danfeUnavailable(doc.modelo);
    }
    if (doc.situacao !== 'AUTORIZADO' && doc.situacao !== 'CANCELADO') {
      throw notAuthorized(doc.situacao, doc.modelo === 'CTE' ? 'ou cancelado tem DACTE' : 'ou cancelado tem DANFE');
    }
    if (doc.modelo === 'CTE') {
      // The DACTE is made of the cteProc only: what the authority holds (a CT-e is never authorized without it).
      const proc = await this.deps.store.xml(doc._id, 'NFE_PROC');
      if (!proc) throw danfeUnavailable(doc.modelo);
      return { conteudo: await gerarDacte(dacteDoXml(proc, doc)), tipo: 'application/pdf', nome: `${doc.chaveAcesso}-dacte.pdf` };
    }
    const xml = (await this.deps.store.xml(doc._id, 'NFE_PROC')) ?? (await this.deps.store.xml(doc._id, 'NFE_ASSINADA'));
    const dados = xml ? danfeDoXml(xml, doc) : danfeDoDocumento(doc, await this.deps.settings(companyId));
    return { conteudo: await gerarDanfe(dados), tipo: 'application/pdf', nome: `${doc.chaveAcesso}-${doc.modelo === 'NFCE' ? 'danfce' : 'danfe'}.pdf` };
  }
}
