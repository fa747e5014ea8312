import type { DetalheDocumentoFiscal, DocumentoFiscal } from '../../api/operations/documents';
import { groupedKey } from '../../format';
import { maskCnpjCpf, maskIe } from '../../masks';
import { emptyRecipient, newIssueForm, type IssueForm, type ItemForm } from './issue-input';

/**
 * The substitution of an NFS-e, as the fiscal-document service does it (docs/nfse.md, "Substitution"): a new NFS-e
 * issued with `chaveNfseSubstituida` = the old one's key (national: the DPS's `subst`; ABRASF: SubstituirNfse), then
 * the old one recorded cancelled by `cancelarDocumentoFiscal(chNFeRef: <new key>)` (national: event 105102 sent to
 * Sefin; ABRASF: nothing sent, the city's cancellation read back). The issue does not flip the old one: the page
 * leads the person to that cancellation, filled in.
 */

/** A number as the form shows it in Brazil, without thousands (the form reads "1200,5" and "1.200,50" alike). */
const decimalText = (value: number, minimumFractionDigits: number, maximumFractionDigits: number) =>
  new Intl.NumberFormat('pt-BR', { useGrouping: false, minimumFractionDigits, maximumFractionDigits }).format(value);

/** The emission form filled with an authorized NFS-e's data (recipient, service items, values) and its key as the replaced one. */
export function substituteForm(d: DocumentoFiscal, detail: DetalheDocumentoFiscal): IssueForm {
  const r = detail.destinatario;
  const itens: ItemForm[] = detail.itens.map((item) => ({
    codigo: item.codigo,
    descricao: item.descricao,
    quantidade: decimalText(item.quantidade, 0, 4),
    valorUnitario: decimalText(item.valorUnitario, 2, 4),
    unidade: item.unidade,
    ncm: '',
    cfop: '',
    cst: '',
    csosn: '',
    codigoServico: item.codigoServico ?? '',
    aliquotaIss: item.aliquotaIss == null ? '' : decimalText(item.aliquotaIss, 0, 4),
  }));
  return {
    ...newIssueForm(),
    modelo: 'NFSE',
    recipient: r
      ? { documento: maskCnpjCpf(r.documento), nome: r.nome ?? '', uf: r.uf ?? '', codigoMunicipio: r.codigoMunicipio ?? '', inscricaoEstadual: r.inscricaoEstadual ? maskIe(r.inscricaoEstadual, r.uf) : '' }
      : emptyRecipient(),
    itens,
    competencia: d.competencia ?? '',
    // Grouped for reading, as the detail shows it; sent without the spaces.
    chaveNfseSubstituida: nfseNacional(d.chaveAcesso) ? groupedKey(d.chaveAcesso) : d.chaveAcesso,
    substituida: { numero: d.numero, serie: d.serie },
  };
}

/** What the cancel form of the replaced NFS-e starts with: the substitute's key, "Erro na emissão", a justification. */
export interface CancelPrefill {
  substituta: string;
  motivo: string;
  justificativa: string;
}

export function substitutionCancelPrefill(substituta: Pick<DocumentoFiscal, 'chaveAcesso' | 'numero'>): CancelPrefill {
  return {
    substituta: substituta.chaveAcesso,
    motivo: '1',
    justificativa: `NFS-e substituída pela NFS-e nº ${substituta.numero}, emitida para corrigir esta.`,
  };
}

/** A national NFS-e's key is Sefin's 50 digits; an ABRASF one is <IBGE>-<number>-<code>. */
export const nfseNacional = (chave: string) => /^\d{50}$/.test(chave);

/** What the person must still do after issuing a substitute, said by provider (what the service really does). */
export function pendingCancellationText(chaveSubstituida: string): string {
  return nfseNacional(chaveSubstituida)
    ? 'Na Sefin Nacional a NFS-e substituída continua válida até o evento de cancelamento por substituição (105102): registre-o agora, com a chave desta NFS-e.'
    : 'A prefeitura já cancelou a NFS-e substituída ao processar a substituição (SubstituirNfse); registre aqui o cancelamento dela, com a chave desta NFS-e (nada é enviado de novo: a situação é lida da prefeitura).';
}
