import { FiscalDocumentErrorCodes as Codes, Refusal } from '@erp/contracts';
import { danfeDoDocumento, danfeDoXml } from '../danfe/data';
import { gerarDanfe } from '../danfe/pdf';
import type { FiscalSettingsReader } from '@erp/kit';
import type { DocumentoRecord } from '../store/document-model';
import type { DocumentsStore } from '../store/documents-store';

const DECLARACAO = '<?xml version="1.0" encoding="UTF-8"?>';

export interface Arquivo {
  conteudo: Buffer | string;
  tipo: string;
  nome: string;
}

function naoEncontrado(): Refusal {
  return new Refusal(Codes.DOCUMENTO_NAO_ENCONTRADO, 'documento fiscal não encontrado', { status: 404 });
}

/**
 * The files of a document: its XML (the authorized `nfeProc` when SEFAZ answered, else the signed NF-e that was
 * sent) and its DANFE / DANFCE. Scoped to the company like every read: another company's id is not found.
 */
export class DocumentFiles {
  constructor(private readonly deps: { store: DocumentsStore; settings: FiscalSettingsReader }) {}

  private async documento(companyId: string, id: string): Promise<DocumentoRecord> {
    const doc = await this.deps.store.byId(companyId, id);
    if (!doc || doc.situacao === 'PROCESSANDO') throw naoEncontrado();
    return doc;
  }

  async xml(companyId: string, id: string): Promise<Arquivo> {
    const doc = await this.documento(companyId, id);
    const proc = await this.deps.store.xml(doc._id, 'NFE_PROC');
    const xml = proc ?? (await this.deps.store.xml(doc._id, 'NFE_ASSINADA'));
    if (!xml) {
      throw new Refusal(Codes.XML_INDISPONIVEL, 'este documento não tem XML: foi autorizado pelo autorizador local (desenvolvimento), que não assina nem transmite', {
        status: 404,
        extra: { documentoId: doc._id },
      });
    }
    return { conteudo: `${DECLARACAO}${xml}`, tipo: 'application/xml; charset=utf-8', nome: `${doc.chaveAcesso}-${proc ? 'procNFe' : 'nfe'}.xml` };
  }

  /** The cancellation's `procEventoNFe` (event 110111 or 110112 with SEFAZ's answer), once SEFAZ registered it. */
  async xmlCancelamento(companyId: string, id: string): Promise<Arquivo> {
    const doc = await this.documento(companyId, id);
    const xml = await this.deps.store.xml(doc._id, 'CANCELAMENTO_PROC');
    if (!xml) {
      throw new Refusal(Codes.XML_INDISPONIVEL, 'este documento não tem cancelamento registrado pela SEFAZ (não cancelado, ou cancelado pelo autorizador local)', {
        status: 404,
        extra: { documentoId: doc._id },
      });
    }
    return { conteudo: `${DECLARACAO}${xml}`, tipo: 'application/xml; charset=utf-8', nome: `${doc.chaveAcesso}-procEventoNFe.xml` };
  }

  /** A voiding's `ProcInutNFe` (the signed request with SEFAZ's answer), once SEFAZ voided the range. */
  async xmlInutilizacao(companyId: string, id: string): Promise<Arquivo> {
    const inutilizacao = await this.deps.store.voidingOf(companyId, id);
    // An unknown id (or another company's) has no XML either: one answer, so ids of other companies tell nothing.
    if (!inutilizacao?.xml) {
      throw new Refusal(Codes.XML_INDISPONIVEL, 'não há ProcInutNFe desta inutilização: inexistente, não registrada pela SEFAZ, ou do autorizador local', {
        status: 404,
        extra: { inutilizacaoId: id },
      });
    }
    const nome = `${inutilizacao.modelo}-${inutilizacao.serie}-${inutilizacao.de}-${inutilizacao.ate}-procInutNFe.xml`;
    return { conteudo: `${DECLARACAO}${inutilizacao.xml}`, tipo: 'application/xml; charset=utf-8', nome };
  }

  /**
   * The DANFE (NF-e) or DANFCE (NFC-e) of an authorized or cancelled document: made of its authorized XML when
   * there is one, else (local authorizer) of the stored document, marked as having no fiscal value. A document
   * SEFAZ did not authorize (rejected, denied, pending) has none.
   */
  async danfe(companyId: string, id: string): Promise<Arquivo> {
    const doc = await this.documento(companyId, id);
    if (doc.modelo !== 'NFE' && doc.modelo !== 'NFCE') {
      throw new Refusal(Codes.DANFE_INDISPONIVEL, `DANFE só existe para NF-e e NFC-e; este documento é ${doc.modelo}`, { status: 422 });
    }
    if (doc.situacao !== 'AUTORIZADO' && doc.situacao !== 'CANCELADO') {
      throw new Refusal(Codes.DOCUMENTO_NAO_AUTORIZADO, `só um documento autorizado tem DANFE; este está ${doc.situacao}`, { status: 422, extra: { situacao: doc.situacao } });
    }
    const xml = (await this.deps.store.xml(doc._id, 'NFE_PROC')) ?? (await this.deps.store.xml(doc._id, 'NFE_ASSINADA'));
    const dados = xml ? danfeDoXml(xml, doc) : danfeDoDocumento(doc, await this.deps.settings(companyId));
    return { conteudo: await gerarDanfe(dados), tipo: 'application/pdf', nome: `${doc.chaveAcesso}-${doc.modelo === 'NFCE' ? 'danfce' : 'danfe'}.pdf` };
  }
}
