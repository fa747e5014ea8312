import type { DocumentoFiscal, ModeloBusca, ModeloDocumento, SituacaoDocumento } from '../../api/operations/documents';

export const MODELOS: Record<ModeloDocumento, string> = { NFE: 'NF-e (55)', NFCE: 'NFC-e (65)', CTE: 'CT-e (57)', NFSE: 'NFS-e' };

/** The search's model filter: each model by its name, the CT-e OS (67) apart from the CT-e (57). */
export const MODELOS_BUSCA: [ModeloBusca, string][] = [
  ['NFE', MODELOS.NFE],
  ['NFCE', MODELOS.NFCE],
  ['CTE', MODELOS.CTE],
  ['CTEOS', 'CT-e OS (67)'],
  ['NFSE', MODELOS.NFSE],
];

/** A CT-e OS (model 67) is `modelo: CTE` (docs/cte.md); its access key says 67 (positions 21-22, the model). */
export const isCteOs = (d: Pick<DocumentoFiscal, 'modelo' | 'chaveAcesso'>) => d.modelo === 'CTE' && d.chaveAcesso.slice(20, 22) === '67';

/** The model a person reads: MODELOS, and "CT-e OS (67)" for a CT-e OS. */
export const modelName = (d: Pick<DocumentoFiscal, 'modelo' | 'chaveAcesso'>) => (isCteOs(d) ? 'CT-e OS (67)' : MODELOS[d.modelo]);

export const SITUACOES: Record<SituacaoDocumento, string> = {
  AUTORIZADO: 'Autorizado',
  CANCELADO: 'Cancelado',
  REJEITADO: 'Rejeitado',
  DENEGADO: 'Denegado',
  // Not "a SEFAZ": an NFS-e waits for the Sefin Nacional or the city hall.
  PENDENTE: 'Pendente (aguardando resposta)',
};

export const DOCUMENTS_REST = '/api/erp/faturamento/documentos';

/** The REST path of a document's printed form (DANFE, DANFCE, DACTE, DANFSe), its XML and its cancellation's XML. */
export function filePath(id: string, kind: 'danfe' | 'xml' | 'cancelamento'): string {
  return `${DOCUMENTS_REST}/${encodeURIComponent(id)}/${{ danfe: 'danfe.pdf', xml: 'xml', cancelamento: 'cancelamento.xml' }[kind]}`;
}

/** A national NFS-e has a 50-character access key; an ABRASF (city) NFS-e has none of that length. */
function nfseNacional(d: Pick<DocumentoFiscal, 'chaveAcesso'>): boolean {
  return (d.chaveAcesso ?? '').length === 50;
}

/** Who answered the document: SEFAZ for NF-e, NFC-e and CT-e; the Sefin Nacional or the city hall for an NFS-e. */
export function authorityName(d: Pick<DocumentoFiscal, 'modelo' | 'chaveAcesso'>): string {
  if (d.modelo !== 'NFSE') return 'SEFAZ';
  return nfseNacional(d) ? 'Sefin Nacional' : 'prefeitura';
}

/** The document's XML in words: what the file holds, per model. */
export function xmlLabel(d: Pick<DocumentoFiscal, 'modelo' | 'chaveAcesso'>): string {
  if (isCteOs(d)) return 'XML do CT-e OS (cteOSProc)';
  return { NFE: 'XML da NF-e (nfeProc)', NFCE: 'XML da NFC-e (nfeProc)', CTE: 'XML do CT-e (cteProc)', NFSE: 'XML da NFS-e' }[d.modelo];
}

/** The cancellation event's XML in words. */
export function cancellationXmlLabel(d: Pick<DocumentoFiscal, 'modelo'>): string {
  return { NFE: 'XML do cancelamento (procEventoNFe)', NFCE: 'XML do cancelamento (procEventoNFe)', CTE: 'XML do cancelamento (procEventoCTe)', NFSE: 'XML do evento de cancelamento' }[d.modelo];
}

/** The printed form's name: DANFE (NF-e), DANFCE (NFC-e), DACTE (CT-e), DACTE OS (CT-e OS), DANFSe (NFS-e). */
export function printedFormName(d: Pick<DocumentoFiscal, 'modelo' | 'chaveAcesso'>): string {
  if (isCteOs(d)) return 'DACTE OS';
  return { NFE: 'DANFE', NFCE: 'DANFCE', CTE: 'DACTE', NFSE: 'DANFSe' }[d.modelo];
}

/**
 * What the fiscal-document service serves (document-files.ts): the printed form of an authorized (or cancelled)
 * document; for an NFS-e only the national one (an ABRASF NFS-e is printed by the city's own system).
 */
export function hasPrintedForm(d: DocumentoFiscal): boolean {
  if (d.modelo === 'NFSE' && !nfseNacional(d)) return false;
  return d.situacao === 'AUTORIZADO' || d.situacao === 'CANCELADO';
}

/** Why there is no printed form to download, said before anyone clicks. */
export function whyNoPrintedForm(d: DocumentoFiscal): string {
  if (d.modelo === 'NFSE' && !nfseNacional(d)) return 'a NFS-e municipal (ABRASF) é impressa pelo sistema da prefeitura.';
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
