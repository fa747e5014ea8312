import { FiscalDocumentErrorCodes, Refusal } from '@erp/contracts';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { situacoesIcmsNaoTransmitidas } from '../../domain/icms-situations';
import { dec2, percentual } from '../format';
import { linha, type ItemNfe } from './types';

/**
 * The ICMS group of an item as it is written: the group, its fields after `orig` and `CST`/`CSOSN` in the
 * schema's order, and the values the document's `ICMSTot` adds up. The items and the totals read the same object,
 * so a total is always the sum of what the items carry (SEFAZ rejections 531/532 otherwise).
 */
export interface IcmsEscrito {
  grupo: string;
  situacao: { nome: 'CST' | 'CSOSN'; codigo: string };
  campos: [string, string][];
  vBC: number;
  vICMS: number;
}

/** Origin of the goods (Tabela A of the CST): 0 national; the emission collects no other yet. */
const ORIGEM = '0';

/** The ICMS previously withheld by substitution (CST 60, CSOSN 500), when the input gave it. */
function retido(item: ItemNfe): [string, string][] {
  const r = item.icmsStRetido;
  if (!r) return [];
  return [
    ['vBCSTRet', dec2(r.baseCentavos)],
    ['pST', percentual(r.aliquota)],
    ['vICMSSTRet', dec2(r.valorCentavos)],
  ];
}

/** The issuer's own ICMS of a regime-normal item, as the tax engine computed it (modBC 3: the operation's value). */
function proprio(item: ItemNfe, obrigatorio: boolean): { campos: [string, string][]; vBC: number; vICMS: number } {
  const icms = linha(item, 'ICMS');
  if (!icms && !obrigatorio) return { campos: [], vBC: 0, vICMS: 0 };
  const vBC = icms?.baseCentavos ?? 0;
  const vICMS = icms?.valorCentavos ?? 0;
  return { campos: [['modBC', '3'], ['vBC', dec2(vBC)], ['pICMS', percentual(icms?.aliquota ?? 0)], ['vICMS', dec2(vICMS)]], vBC, vICMS };
}

/**
 * The group of item `i`. A situation the builder has no group for is refused here, whatever the caller checked
 * before: an item is never written into another situation's group.
 */
export function icmsDoItem(item: ItemNfe, i: number, crt: '1' | '3'): IcmsEscrito {
  const recusa = situacoesIcmsNaoTransmitidas([item]).map((c) => ({ ...c, campo: c.campo.replace('itens[0]', `itens[${i}]`) }));
  if (recusa.length > 0) throw new Refusal(FiscalDocumentErrorCodes.DOCUMENTO_INVALIDO, `documento inválido: ${recusa[0].campo}`, { extra: { campos: recusa } });
  if (crt === '1') {
    const csosn = item.csosn ?? '102';
    const situacao = { nome: 'CSOSN' as const, codigo: csosn };
    if (csosn === '500') return { grupo: 'ICMSSN500', situacao, campos: retido(item), vBC: 0, vICMS: 0 };
    if (csosn === '900') return { grupo: 'ICMSSN900', situacao, campos: [], vBC: 0, vICMS: 0 };
    return { grupo: 'ICMSSN102', situacao, campos: [], vBC: 0, vICMS: 0 };
  }
  const cst = item.cst ?? '00';
  const situacao = { nome: 'CST' as const, codigo: cst };
  switch (cst) {
    case '00':
    case '90': {
      const { campos, vBC, vICMS } = proprio(item, cst === '00');
      return { grupo: `ICMS${cst}`, situacao, campos, vBC, vICMS };
    }
    case '60':
      return { grupo: 'ICMS60', situacao, campos: retido(item), vBC: 0, vICMS: 0 };
    default:
      // 40 exempt, 41 not taxed, 50 suspended: the ICMS40 group, without ICMS of its own.
      return { grupo: 'ICMS40', situacao, campos: [], vBC: 0, vICMS: 0 };
  }
}

export function escreverIcms(imposto: XMLBuilder, escrito: IcmsEscrito): void {
  const grupo = imposto.ele('ICMS').ele(escrito.grupo);
  grupo.ele('orig').txt(ORIGEM);
  grupo.ele(escrito.situacao.nome).txt(escrito.situacao.codigo);
  for (const [nome, valor] of escrito.campos) grupo.ele(nome).txt(valor);
}
