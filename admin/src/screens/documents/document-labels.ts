import type { DocumentoFiscal, ModeloDocumento, SituacaoDocumento } from '../../api/operations/documents';

export const MODELOS: Record<ModeloDocumento, string> = { NFE: 'NF-e (55)', NFCE: 'NFC-e (65)', CTE: 'CT-e (57)', NFSE: 'NFS-e' };

export const SITUACOES: Record<SituacaoDocumento, string> = {
  AUTORIZADO: 'Autorizado',
  CANCELADO: 'Cancelado',
  REJEITADO: 'Rejeitado',
  DENEGADO: 'Denegado',
  PENDENTE: 'Pendente (aguardando a SEFAZ)',
};

export const DOCUMENTS_REST = '/api/erp/faturamento/documentos';

/** The REST path of a document's DANFE (or DANFCE) and of its XML: the graph serves neither. */
export function filePath(id: string, kind: 'danfe' | 'xml'): string {
  return `${DOCUMENTS_REST}/${encodeURIComponent(id)}/${kind === 'danfe' ? 'danfe.pdf' : 'xml'}`;
}

/** The printed form's name: DANFE (NF-e), DANFCE (NFC-e), DACTE (CT-e), DANFSE (NFS-e). */
export function printedFormName(d: DocumentoFiscal): string {
  return { NFE: 'DANFE', NFCE: 'DANFCE', CTE: 'DACTE', NFSE: 'DANFSE' }[d.modelo];
}

/** What the fiscal-document service serves (document-files.ts): a DANFE / DANFCE only for an NF-e or NFC-e SEFAZ authorized. */
export function hasPrintedForm(d: DocumentoFiscal): boolean {
  return (d.modelo === 'NFE' || d.modelo === 'NFCE') && (d.situacao === 'AUTORIZADO' || d.situacao === 'CANCELADO');
}

/** Why there is no printed form to download, said before anyone clicks. */
export function whyNoPrintedForm(d: DocumentoFiscal): string {
  if (d.modelo === 'CTE' || d.modelo === 'NFSE') return 'não é gerado (o serviço fiscal gera só o DANFE da NF-e e o DANFCE da NFC-e).';
  return `só um documento autorizado tem ${printedFormName(d)} (este está ${SITUACOES[d.situacao].toLowerCase()}).`;
}
