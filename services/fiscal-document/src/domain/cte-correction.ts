import type { CampoInvalido } from '@erp/contracts';

/**
 * The CT-e's correction letter (CC-e, event 110110): a list of changes `{grupo, campo, valor, numeroItem?}`
 * (`evCCeCTe/infCorrecao`: grupoAlterado, campoAlterado ≤ 20, valorAlterado ≤ 500, nroItemAlterado 1-99), at most 20
 * letters per CT-e (nSeqEvento 1-20; 636), and the fixed conditions of use (Convênio SINIEF 06/89 art. 58-B).
 * Written to meet the agreed port (`PedidoCorrecao.alteracoes`, the NF-e helper's `AlteracaoCte`).
 */
export interface AlteracaoCte {
  grupo: string;
  campo: string;
  valor: string;
  numeroItem?: number;
}

export const CONDICAO_USO_CCE_CTE =
  'A Carta de Correcao e disciplinada pelo Art. 58-B do CONVENIO/SINIEF 06/89: Fica permitida a utilizacao de carta de correcao, para regularizacao de erro ocorrido na emissao de documentos fiscais relativos a prestacao de servico de transporte, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da prestacao;II - a correcao de dados cadastrais que implique mudanca do emitente, tomador, remetente ou do destinatario;III - a data de emissao ou de saida.';

export const CORRECOES_CTE_MAX = 20;

/**
 * What art. 58-B forbids a CC-e to change (MOC CT-e §13, rejection 681): every field of the groups that make the
 * value and the tax, the identity (CNPJ/CPF) of the parties, and the identification and date of the CT-e.
 */
const GRUPOS_PROIBIDOS = new Set(['vPrest', 'Comp', 'imp', 'ICMS', 'ICMS00', 'ICMS20', 'ICMS45', 'ICMS60', 'ICMS90', 'ICMSOutraUF', 'ICMSSN', 'ICMSUFFim', 'IBSCBS', 'gIBSCBS', 'infQ']);
const PARTES = new Set(['emit', 'rem', 'dest', 'exped', 'receb', 'toma4']);
const CAMPOS_IDE_PROIBIDOS = new Set(['cUF', 'cCT', 'mod', 'serie', 'nCT', 'dhEmi', 'tpEmis', 'cDV', 'tpAmb', 'tpCTe', 'modal', 'toma']);

export function alteracaoProibida(a: AlteracaoCte): boolean {
  if (GRUPOS_PROIBIDOS.has(a.grupo)) return true;
  if (PARTES.has(a.grupo) && (a.campo === 'CNPJ' || a.campo === 'CPF')) return true;
  return (a.grupo === 'ide' || a.grupo === 'toma3') && CAMPOS_IDE_PROIBIDOS.has(a.campo);
}

/** Field errors of a CT-e's changes (`alteracoes[i].campo`), as the emission reports them. */
export function conferirAlteracoes(alteracoes: AlteracaoCte[]): CampoInvalido[] {
  const erros: CampoInvalido[] = [];
  if (alteracoes.length === 0) erros.push({ campo: 'alteracoes', regra: 'obrigatorio', erro: 'ao menos uma alteração' });
  alteracoes.forEach((a, i) => {
    const campo = `alteracoes[${i}]`;
    if (!/^\S.{0,19}$/.test(a.grupo ?? '')) erros.push({ campo: `${campo}.grupo`, regra: 'tamanho', erro: 'grupoAlterado de 1 a 20 caracteres' });
    if (!/^\S.{0,19}$/.test(a.campo ?? '')) erros.push({ campo: `${campo}.campo`, regra: 'tamanho', erro: 'campoAlterado de 1 a 20 caracteres' });
    if (!a.valor || a.valor.length > 500) erros.push({ campo: `${campo}.valor`, regra: 'tamanho', erro: 'valorAlterado de 1 a 500 caracteres' });
    if (a.numeroItem !== undefined && !(Number.isInteger(a.numeroItem) && a.numeroItem >= 1 && a.numeroItem <= 99)) {
      erros.push({ campo: `${campo}.numeroItem`, regra: 'faixa', erro: 'nroItemAlterado de 1 a 99' });
    }
    if (alteracaoProibida(a)) {
      erros.push({ campo: `${campo}.campo`, regra: 'correcao_proibida', erro: 'a CC-e não corrige valores, tributos, a identidade das partes nem a identificação e data do CT-e (Convênio SINIEF 06/89 art. 58-B)' });
    }
  });
  return erros;
}
