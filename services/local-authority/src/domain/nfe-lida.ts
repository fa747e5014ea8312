import type { Element } from '@xmldom/xmldom';
import { centavos, filho, filhos, texto } from './xml';

/**
 * The fields of an NF-e / NFC-e (`infNFe`, already schema-valid) that the validation rules read, money in centavos.
 * Optional fields stay null when absent, so a rule can tell "not informed" from zero.
 */
export interface ItemLido {
  nItem: number;
  cfop: string;
  ncm: string;
  cest: string | null;
  indTot: string;
  vProd: number;
  vFrete: number;
  vSeg: number;
  vDesc: number;
  vOutro: number;
  /** The ICMS group's name (`ICMS00`, `ICMS60`, `ICMSSN102`...) and every value it carries. */
  icmsGrupo: string;
  cst: string | null;
  csosn: string | null;
  icms: Record<string, string>;
  /** ICMSUFDest (DIFAL) values, null when the item has no such group. */
  icmsUFDest: Record<string, string> | null;
  vIPI: number;
  vIPIDevol: number;
  vII: number;
  vPIS: number;
  vCOFINS: number;
  /** gIBSCBS values (vBC, vIBSUF, vIBSMun, vIBS, vCBS), null when the item has none. */
  ibscbs: { vBC: number; vIBSUF: number; vIBSMun: number; vIBS: number; vCBS: number } | null;
}

export interface NfeLida {
  id: string;
  ide: Record<string, string>;
  emit: { cnpj: string | null; uf: string; ie: string | null; crt: string };
  dest: {
    cnpj: string | null;
    cpf: string | null;
    estrangeiro: boolean;
    xNome: string | null;
    uf: string | null;
    indIEDest: string;
    ie: string | null;
  } | null;
  itens: ItemLido[];
  /** ICMSTot values as written (absent optional totals are absent here too). */
  icmsTot: Record<string, string>;
  ibscbsTot: Record<string, string> | null;
  modFrete: string;
  /** `card`: whether the detPag carries the card group. */
  pagamentos: { tPag: string; vPag: number; card: boolean }[];
  vTroco: number;
  infRespTec: { cnpj: string | null } | null;
  temQrCode: boolean;
}

/**
 * Every leaf under `grupo`, by name. A name repeated in sub-groups (`vDif` of gIBSUF, gIBSMun and gCBS) keeps the
 * last one; the rules read only names that occur once in their group.
 */
function folhas(grupo: Element | null): Record<string, string> {
  const valores: Record<string, string> = {};
  const visitar = (el: Element) => {
    const sub = filhos(el);
    if (sub.length === 0) valores[el.localName!] = (el.textContent ?? '').trim();
    else for (const s of sub) visitar(s);
  };
  if (grupo) for (const s of filhos(grupo)) visitar(s);
  return valores;
}

function item(det: Element): ItemLido {
  const prod = filho(det, 'prod')!;
  const imposto = filho(det, 'imposto')!;
  const grupoIcms = filhos(filho(imposto, 'ICMS') ?? det)[0] ?? null;
  const icms = folhas(grupoIcms);
  const ibscbs = filho(filho(imposto, 'IBSCBS'), 'gIBSCBS');
  const g = folhas(ibscbs);
  return {
    nItem: Number(det.getAttribute('nItem')),
    cfop: texto(prod, 'CFOP') ?? '',
    ncm: texto(prod, 'NCM') ?? '',
    cest: texto(prod, 'CEST'),
    indTot: texto(prod, 'indTot') ?? '1',
    vProd: centavos(texto(prod, 'vProd')),
    vFrete: centavos(texto(prod, 'vFrete')),
    vSeg: centavos(texto(prod, 'vSeg')),
    vDesc: centavos(texto(prod, 'vDesc')),
    vOutro: centavos(texto(prod, 'vOutro')),
    icmsGrupo: grupoIcms?.localName ?? '',
    cst: icms.CST ?? null,
    csosn: icms.CSOSN ?? null,
    icms,
    icmsUFDest: filho(imposto, 'ICMSUFDest') ? folhas(filho(imposto, 'ICMSUFDest')) : null,
    vIPI: centavos(texto(imposto, 'IPI', 'IPITrib', 'vIPI')),
    vIPIDevol: centavos(texto(det, 'impostoDevol', 'IPI', 'vIPIDevol')),
    vII: centavos(texto(imposto, 'II', 'vII')),
    vPIS: centavos(folhas(filho(imposto, 'PIS')).vPIS ?? null),
    vCOFINS: centavos(folhas(filho(imposto, 'COFINS')).vCOFINS ?? null),
    ibscbs: ibscbs
      ? { vBC: centavos(g.vBC ?? null), vIBSUF: centavos(g.vIBSUF ?? null), vIBSMun: centavos(g.vIBSMun ?? null), vIBS: centavos(g.vIBS ?? null), vCBS: centavos(g.vCBS ?? null) }
      : null,
  };
}

/** Reads `infNFe` (and its `NFe` parent's `infNFeSupl`). */
export function lerNfe(infNFe: Element): NfeLida {
  const ide = folhas(filho(infNFe, 'ide'));
  const emit = filho(infNFe, 'emit')!;
  const dest = filho(infNFe, 'dest');
  const total = filho(infNFe, 'total');
  const pag = filho(infNFe, 'pag');
  const respTec = filho(infNFe, 'infRespTec');
  return {
    id: infNFe.getAttribute('Id') ?? '',
    ide,
    emit: { cnpj: texto(emit, 'CNPJ'), uf: texto(emit, 'enderEmit', 'UF') ?? '', ie: texto(emit, 'IE'), crt: texto(emit, 'CRT') ?? '' },
    dest: dest
      ? {
          cnpj: texto(dest, 'CNPJ'),
          cpf: texto(dest, 'CPF'),
          estrangeiro: filho(dest, 'idEstrangeiro') !== null,
          xNome: texto(dest, 'xNome'),
          uf: texto(dest, 'enderDest', 'UF'),
          indIEDest: texto(dest, 'indIEDest') ?? '',
          ie: texto(dest, 'IE'),
        }
      : null,
    itens: filhos(infNFe).filter((e) => e.localName === 'det').map(item),
    icmsTot: folhas(filho(total, 'ICMSTot')),
    ibscbsTot: filho(total, 'IBSCBSTot') ? folhas(filho(total, 'IBSCBSTot')) : null,
    modFrete: texto(infNFe, 'transp', 'modFrete') ?? '',
    pagamentos: pag ? filhos(pag).filter((e) => e.localName === 'detPag').map((d) => ({ tPag: texto(d, 'tPag') ?? '', vPag: centavos(texto(d, 'vPag')), card: filho(d, 'card') !== null })) : [],
    vTroco: centavos(texto(pag, 'vTroco')),
    infRespTec: respTec ? { cnpj: texto(respTec, 'CNPJ') } : null,
    temQrCode: texto(filho(infNFe.parentNode as Element, 'infNFeSupl'), 'qrCode') !== null,
  };
}

