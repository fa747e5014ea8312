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

export { TRIBUTOS } from '../../labels';

/** A CNPJ (14 digits) as 11.222.333/0001-81, a CPF (11) as 123.456.789-09; anything else as it is. */
export function formatCnpjCpf(documento: string | null | undefined): string {
  if (!documento) return '—';
  if (/^\d{14}$/.test(documento)) return documento.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  if (/^\d{11}$/.test(documento)) return documento.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  return documento;
}
