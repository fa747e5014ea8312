import type { AlteracaoCteInput } from '../../api/operations/corrections';
import type { DocumentoFiscal } from '../../api/operations/documents';
import { DOCUMENTS_REST } from './document-labels';

/**
 * The conditions of use an NF-e's correction letter carries word for word (`xCondUso`, the fixed text of the NF-e
 * event layout: Convênio S/Nº de 15/12/1970, art. 7º §1º-A), shown before the letter is sent.
 */
export const CONDICOES_USO_CCE_NFE =
  'A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.';

/** The CT-e's (`evCCeCTe/xCondUso`, Convênio SINIEF 06/89 art. 58-B). */
export const CONDICOES_USO_CCE_CTE =
  'A Carta de Correcao e disciplinada pelo Art. 58-B do CONVENIO/SINIEF 06/89: Fica permitida a utilizacao de carta de correcao, para regularizacao de erro ocorrido na emissao de documentos fiscais relativos a prestacao de servico de transporte, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da prestacao;II - a correcao de dados cadastrais que implique mudanca do emitente, tomador, remetente ou do destinatario;III - a data de emissao ou de saida.';

export const CORRECAO_MIN = 15;
export const CORRECAO_MAX = 1000;
/** The CT-e's `valorAlterado` (500) and `nroItemAlterado` (1-99). */
export const VALOR_ALTERADO_MAX = 500;

/** Only an authorized NF-e or CT-e takes a letter (the NFC-e and the NFS-e have no CC-e). */
export const takesCorrection = (d: Pick<DocumentoFiscal, 'modelo' | 'situacao'>) => d.situacao === 'AUTORIZADO' && (d.modelo === 'NFE' || d.modelo === 'CTE');

/** A registered letter's procEvento, by its sequence. */
export const correctionXmlPath = (id: string, sequencia: number) => `${DOCUMENTS_REST}/${encodeURIComponent(id)}/carta-correcao.xml?sequencia=${sequencia}`;

export const correctionXmlLabel = (d: Pick<DocumentoFiscal, 'modelo'>, sequencia: number) =>
  `XML da carta de correção ${sequencia} (${d.modelo === 'CTE' ? 'procEventoCTe' : 'procEventoNFe'})`;

/** A CT-e change as typed. */
export type AlteracaoForm = Record<'grupo' | 'campo' | 'valor' | 'numeroItem', string>;
export const emptyAlteracao = (): AlteracaoForm => ({ grupo: '', campo: '', valor: '', numeroItem: '' });

const ALTERACAO_LABELS: Record<string, string> = { grupo: 'Grupo alterado', campo: 'Campo alterado', valor: 'Valor alterado', numeroItem: 'Nº do item' };

/** "alteracoes[1].campo" is "Alteração 2: Campo alterado"; "correcao" is "Correção". */
export function correctionFieldLabel(campo: string): string {
  const m = /^alteracoes\[(\d+)\](?:\.(\w+))?/.exec(campo);
  if (m) return `Alteração ${Number(m[1]) + 1}${m[2] ? `: ${ALTERACAO_LABELS[m[2]] ?? m[2]}` : ''}`;
  return { correcao: 'Correção', alteracoes: 'Alterações' }[campo] ?? campo;
}

/** The changes as the API takes them; an item number that is not one goes as typed for the API to name. */
export function alteracoesInput(list: AlteracaoForm[]): AlteracaoCteInput[] {
  return list.map((a) => ({
    grupo: a.grupo.trim(),
    campo: a.campo.trim(),
    valor: a.valor.trim(),
    numeroItem: a.numeroItem.trim() === '' ? null : /^\d+$/.test(a.numeroItem.trim()) ? Number(a.numeroItem.trim()) : 0,
  }));
}
