import { FiscalDocumentErrorCodes, Refusal } from '@erp/contracts';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { situacoesIcmsNaoTransmitidas } from '../../domain/icms-situations';
import { dec2, percentual } from '../format';
import { creditoSn, diferido, proprioReduzido, st, type TotaisSt } from './icms-grupos';
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
  /** ICMS-ST of the item (vBCST, vICMSST, vFCPST), zero when it has none. */
  vBCST: number;
  vST: number;
  vFCPST: number;
}

const SEM_ST: TotaisSt = { vBCST: 0, vST: 0, vFCPST: 0 };

/** Origin of the goods (Tabela A of the CST): 0 national; the emission collects no other yet. */
const ORIGEM = '0';

/** The ICMS previously withheld by substitution (CST 60, CSOSN 500), when the input gave it. */
function retido(item: ItemNfe): [string, string][] {
  const r = item.icmsStRetido;
  if (!r) return [];
  const substituto: [string, string][] = r.icmsSubstitutoCentavos == null ? [] : [['vICMSSubstituto', dec2(r.icmsSubstitutoCentavos)]];
  return [['vBCSTRet', dec2(r.baseCentavos)], ['pST', percentual(r.aliquota)], ...substituto, ['vICMSSTRet', dec2(r.valorCentavos)]];
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
  return crt === '1' ? simplesNacional(item, i) : regimeNormal(item, i);
}

function simplesNacional(item: ItemNfe, i: number): IcmsEscrito {
  const csosn = item.csosn ?? '102';
  const situacao = { nome: 'CSOSN' as const, codigo: csosn };
  const sem = { vBC: 0, vICMS: 0, ...SEM_ST };
  switch (csosn) {
    case '101':
      return { grupo: 'ICMSSN101', situacao, campos: creditoSn(item.icms, i), ...sem };
    case '201': {
      const s = st(item, i);
      return { grupo: 'ICMSSN201', situacao, campos: [...s.campos, ...creditoSn(item.icms, i)], vBC: 0, vICMS: 0, ...s.totais };
    }
    case '202':
    case '203': {
      const s = st(item, i);
      return { grupo: 'ICMSSN202', situacao, campos: s.campos, vBC: 0, vICMS: 0, ...s.totais };
    }
    case '500':
      return { grupo: 'ICMSSN500', situacao, campos: retido(item), ...sem };
    case '900':
      return { grupo: 'ICMSSN900', situacao, campos: [], ...sem };
    default:
      return { grupo: 'ICMSSN102', situacao, campos: [], ...sem };
  }
}

function regimeNormal(item: ItemNfe, i: number): IcmsEscrito {
  const cst = item.cst ?? '00';
  const situacao = { nome: 'CST' as const, codigo: cst };
  switch (cst) {
    case '00':
    case '90': {
      const { campos, vBC, vICMS } = proprio(item, cst === '00');
      return { grupo: `ICMS${cst}`, situacao, campos, vBC, vICMS, ...SEM_ST };
    }
    case '10':
    case '70': {
      const p = proprioReduzido(item, i, cst === '70');
      const s = st(item, i);
      return { grupo: `ICMS${cst}`, situacao, campos: [...p.campos, ...s.campos], vBC: p.vBC, vICMS: p.vICMS, ...s.totais };
    }
    case '20': {
      const p = proprioReduzido(item, i, true);
      return { grupo: 'ICMS20', situacao, campos: p.campos, vBC: p.vBC, vICMS: p.vICMS, ...SEM_ST };
    }
    case '30': {
      const s = st(item, i);
      return { grupo: 'ICMS30', situacao, campos: s.campos, vBC: 0, vICMS: 0, ...s.totais };
    }
    case '51': {
      const d = diferido(item, i);
      return { grupo: 'ICMS51', situacao, campos: d.campos, vBC: d.vBC, vICMS: d.vICMS, ...SEM_ST };
    }
    case '60':
      return { grupo: 'ICMS60', situacao, campos: retido(item), vBC: 0, vICMS: 0, ...SEM_ST };
    default:
      // 40 exempt, 41 not taxed, 50 suspended: the ICMS40 group, without ICMS of its own.
      return { grupo: 'ICMS40', situacao, campos: [], vBC: 0, vICMS: 0, ...SEM_ST };
  }
}

export function escreverIcms(imposto: XMLBuilder, escrito: IcmsEscrito): void {
  const grupo = imposto.ele('ICMS').ele(escrito.grupo);
  grupo.ele('orig').txt(ORIGEM);
  grupo.ele(escrito.situacao.nome).txt(escrito.situacao.codigo);
  for (const [nome, valor] of escrito.campos) grupo.ele(nome).txt(valor);
}
