import lista from './data/lc116.json';

/**
 * Service list of LC 116/2003 (as amended), shipped as data. A code arrives as the item `NN.NN` or as the
 * 6-digit national NFS-e code (cTribNac = item, subitem, then a 2-digit breakdown); both forms are kept.
 */

const DESCRICOES: ReadonlyMap<string, string> = new Map(lista.itens.map((i) => [i.item, i.descricao]));

export const ITENS_LC116: readonly string[] = lista.itens.map((i) => i.item);

export interface CodigoServico {
  /** `NN.NN` */
  item: string;
  /** 6 digits. */
  nacional: string;
  descricao: string;
}

export type ProblemaLc116 = 'formato' | 'item_inexistente';

/**
 * From `NN.NN` the national code takes the first breakdown (`01`), which is the only one for most items;
 * a company whose municipality uses another breakdown sends the 6-digit code itself.
 */
export function interpretarCodigoServico(texto: string): CodigoServico | ProblemaLc116 {
  let item: string;
  let nacional: string;
  if (/^\d{2}\.\d{2}$/.test(texto)) {
    item = texto;
    nacional = `${texto.replace('.', '')}01`;
  } else if (/^\d{6}$/.test(texto)) {
    item = `${texto.slice(0, 2)}.${texto.slice(2, 4)}`;
    nacional = texto;
    if (texto.slice(4) === '00') return 'formato';
  } else {
    return 'formato';
  }
  const descricao = DESCRICOES.get(item);
  return descricao === undefined ? 'item_inexistente' : { item, nacional, descricao };
}

export function descricaoServico(item: string): string | null {
  return DESCRICOES.get(item) ?? null;
}
