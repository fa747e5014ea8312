import type { IcmsCalculado } from '@erp/contracts';
import { dec2, percentual } from '../format';
import { linha, type ItemNfe } from './types';

/**
 * The fields of the ICMS groups with base reduction, deferral, ICMS-ST and the Simples Nacional credit, in the order
 * of leiauteNFe_v4.00.xsd (PL_010 v1.30), from the figures the tax engine computed (`IcmsCalculado`). A figure the
 * group requires and the engine did not give is a fault of ours: refused here rather than written as zero.
 */
export type Campos = [string, string][];

export interface TotaisSt {
  vBCST: number;
  vST: number;
  vFCPST: number;
}

function exigir<T>(valor: T | null | undefined, o_que: string, i: number): T {
  if (valor === null || valor === undefined) throw new Error(`item ${i + 1}: the tax engine gave no ${o_que}`);
  return valor;
}

/** modBC 3 (the operation's value), [pRedBC], vBC, pICMS, vICMS: the own ICMS as the engine computed it. */
export function proprioReduzido(item: ItemNfe, i: number, comReducao: boolean): { campos: Campos; vBC: number; vICMS: number } {
  const icms = exigir(linha(item, 'ICMS'), 'ICMS line', i);
  const reducao: Campos = comReducao ? [['pRedBC', percentual(exigir(item.icms?.reducaoBase, 'pRedBC', i))]] : [];
  return {
    campos: [['modBC', '3'], ...reducao, ['vBC', dec2(icms.baseCentavos)], ['pICMS', percentual(icms.aliquota)], ['vICMS', dec2(icms.valorCentavos)]],
    vBC: icms.baseCentavos,
    vICMS: icms.valorCentavos,
  };
}

/** modBCST, [pMVAST], [pRedBCST], vBCST, pICMSST, vICMSST, [vBCFCPST, pFCPST, vFCPST]. */
export function st(item: ItemNfe, i: number): { campos: Campos; totais: TotaisSt } {
  const s = exigir(item.icms?.st, 'ICMS-ST', i);
  const campos: Campos = [['modBCST', String(s.modalidade)]];
  if (s.mva !== null) campos.push(['pMVAST', percentual(s.mva)]);
  if (s.reducaoBase !== null) campos.push(['pRedBCST', percentual(s.reducaoBase)]);
  campos.push(['vBCST', dec2(s.baseCentavos)], ['pICMSST', percentual(s.aliquota)], ['vICMSST', dec2(s.valorCentavos)]);
  if (s.aliquotaFcp > 0) campos.push(['vBCFCPST', dec2(s.baseFcpCentavos)], ['pFCPST', percentual(s.aliquotaFcp)], ['vFCPST', dec2(s.fcpCentavos)]);
  return { campos, totais: { vBCST: s.baseCentavos, vST: s.valorCentavos, vFCPST: s.fcpCentavos } };
}

/** ICMS51: modBC, vBC, pICMS, vICMSOp, pDif, vICMSDif, vICMS (vICMS = vICMSOp - vICMSDif, MOC N16a-N16c). */
export function diferido(item: ItemNfe, i: number): { campos: Campos; vBC: number; vICMS: number } {
  const icms = exigir(linha(item, 'ICMS'), 'ICMS line', i);
  const d = exigir(item.icms?.diferimento, 'deferral', i);
  return {
    campos: [
      ['modBC', '3'],
      ['vBC', dec2(icms.baseCentavos)],
      ['pICMS', percentual(icms.aliquota)],
      ['vICMSOp', dec2(d.icmsOperacaoCentavos)],
      ['pDif', percentual(d.percentual)],
      ['vICMSDif', dec2(d.diferidoCentavos)],
      ['vICMS', dec2(icms.valorCentavos)],
    ],
    vBC: icms.baseCentavos,
    vICMS: icms.valorCentavos,
  };
}

/** pCredSN, vCredICMSSN (CSOSN 101, 201). */
export function creditoSn(icms: IcmsCalculado | null | undefined, i: number): Campos {
  const c = exigir(icms?.creditoSimples, 'Simples Nacional credit (pCredSN)', i);
  return [['pCredSN', percentual(c.aliquota)], ['vCredICMSSN', dec2(c.valorCentavos)]];
}
