import type { ModeloDocumento } from '@erp/contracts';
import type { FileReply, FiscalSettingsReader } from '@erp/kit';
import { gerarDacte } from '../dacte/dacte-layout';
import { dacteDoXml } from '../dacte/data';
import { danfeDoDocumento, danfeDoXml, type DadosDanfe } from '../danfe/data';
import { gerarDanfe } from '../danfe/pdf';
import { danfseDoXml } from '../danfe/danfse-data';
import { gerarDanfse } from '../danfe/danfse-layout';
import type { DocumentoRecord } from '../store/document-model';
import type { DocumentsStore } from '../store/documents-store';
import { danfeUnavailable, notAuthorized, notFound, xmlUnavailable } from './refusals';

const DECLARACAO = '<?xml version="1.0" encoding="UTF-8"?>';

/** The downloaded XML's name by model: [authorized, before the authorizer's answer]. */
const NOMES_XML: Record<ModeloDocumento, [string, string]> = { NFE: ['procNFe', 'nfe'], NFCE: ['procNFe', 'nfe'], CTE: ['procCTe', 'cte'], NFSE: ['nfse', 'dps'] };


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
    // Named by model: the NFS-e Sefin returned (its DPS inside) or, before it, the signed DPS; cteProc; nfeProc.
    const [nomeProc, nomeAssinado] = doc.cteOs ? ['cteOSProc', 'CTeOS'] : NOMES_XML[doc.modelo];
    const nome = `${doc.chaveAcesso ?? doc._id}-${proc ? nomeProc : nomeAssinado}.xml`;
    return { conteudo: `${DECLARACAO}${xml}`, tipo: 'application/xml; charset=utf-8', nome };
  }

  /** The cancellation's `procEventoNFe` (event 110111 or 110112 with SEFAZ's answer), once SEFAZ registered it. */
  async xmlCancelamento(companyId: string, id: string): Promise<FileReply> {
    const doc = await this.documento(companyId, id);
    const xml = await this.deps.store.xml(doc._id, 'CANCELAMENTO_PROC');
    if (!xml) {
      throw xmlUnavailable('este documento não tem cancelamento registrado pela SEFAZ (não cancelado, ou cancelado pelo autorizador local)', { documentoId: doc._id });
    }
    const nome = `${doc.chaveAcesso}-${{ NFE: 'procEventoNFe', NFCE: 'procEventoNFe', CTE: 'procEventoCTe', NFSE: 'evento' }[doc.modelo]}.xml`;
    return { conteudo: `${DECLARACAO}${xml}`, tipo: 'application/xml; charset=utf-8', nome };
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

  /** The latest correction letter registered (its claim carries the event: `app/correction.ts`), or null. */
  private async ultimaCartaCorrecao(documentoId: string): Promise<DadosDanfe['cartaCorrecao']> {
    const [fato] = await this.deps.store.fatos.find({ documentoId, tipo: 'CORRECAO', outbox: { $exists: true } }).sort({ _id: -1 }).limit(1).toArray();
    const c = fato?.correcao;
    if (!c?.protocolo || !c.registradaEm) return null;
    return { sequencia: c.sequencia, texto: c.texto, protocolo: c.protocolo, em: new Date(c.registradaEm) };
  }

  /**
   * The printable document of an authorized or cancelled document: the DANFE (NF-e) or DANFCE (NFC-e), made of
   * its authorized XML (of the stored document, marked as having no fiscal value, for one issued before the
   * documents carried their XML), the DACTE (CT-e) and the DANFSe (national NFS-e). A document its authority did
   * not authorize (rejected, denied, pending) has none.
   */
  async danfe(companyId: string, id: string): Promise<FileReply> {
    const doc = await this.documento(companyId, id);
    if (doc.situacao !== 'AUTORIZADO' && doc.situacao !== 'CANCELADO') {
      throw notAuthorized(doc.situacao, doc.modelo === 'CTE' ? 'ou cancelado tem DACTE' : 'ou cancelado tem DANFE');
    }
    if (doc.modelo === 'CTE') {
      // The DACTE is made of the cteProc only: what the authority holds (a CT-e is never authorized without it).
      const proc = await this.deps.store.xml(doc._id, 'NFE_PROC');
      if (!proc) throw danfeUnavailable(doc.modelo);
      const dacte = dacteDoXml(proc, doc);
      dacte.cartaCorrecao = await this.ultimaCartaCorrecao(doc._id);
      return { conteudo: await gerarDacte(dacte), tipo: 'application/pdf', nome: `${doc.chaveAcesso}-${doc.cteOs ? 'dacte-os' : 'dacte'}.pdf` };
    }
    if (doc.modelo === 'NFSE') {
      // The DANFSe, drawn from the NFS-e Sefin returned (the national layout).
      const nfse = await this.deps.store.xml(doc._id, 'NFE_PROC');
      // An ABRASF NFS-e (CompNfse) is printed by the city's own system: only the national NFS-e has a DANFSe here.
      if (!nfse?.includes('<infNFSe')) throw danfeUnavailable(doc.modelo);
      return { conteudo: await gerarDanfse(danfseDoXml(nfse, doc.situacao === 'CANCELADO')), tipo: 'application/pdf', nome: `${doc.chaveAcesso}-danfse.pdf` };
    }
    const xml = (await this.deps.store.xml(doc._id, 'NFE_PROC')) ?? (await this.deps.store.xml(doc._id, 'NFE_ASSINADA'));
    const dados = xml ? danfeDoXml(xml, doc) : danfeDoDocumento(doc, await this.deps.settings(companyId));
    dados.cartaCorrecao = await this.ultimaCartaCorrecao(doc._id);
    return { conteudo: await gerarDanfe(dados), tipo: 'application/pdf', nome: `${doc.chaveAcesso}-${doc.modelo === 'NFCE' ? 'danfce' : 'danfe'}.pdf` };
  }
}
