import { type Coletor, type Objeto, campo, ehObjeto } from './collector';
import { FCP_MAXIMO } from './data/icms';
import { efeitoDaSituacao } from './recusas';
import { emPercentual, type Fracao } from './fraction';

/** The ICMS-ST inputs of an item, read: the MVA or the ST base (exactly one), the rates, the ST base reduction. */
export interface IcmsStLido {
  readonly mva: Fracao | null;
  readonly baseCentavos: number | null;
  readonly aliquota: Fracao | null;
  readonly aliquotaFcp: Fracao | null;
  readonly reducaoBase: Fracao | null;
}

export interface InsumosIcms {
  readonly reducaoBaseIcms: Fracao | null;
  readonly diferimentoIcms: Fracao | null;
  readonly icmsSt: IcmsStLido | null;
}

const CAMPOS_ST = ['mva', 'base', 'aliquota', 'aliquotaFcp', 'reducaoBase'];

function lerIcmsSt(c: Coletor, v: unknown): IcmsStLido | null {
  if (v === undefined) return null;
  if (!ehObjeto(v)) return c.erro('icmsSt', 'TIPO_INVALIDO', 'icmsSt deve ser um objeto { mva | base, aliquota, aliquotaFcp, reducaoBase }.') ?? null;
  for (const nome of Object.keys(v)) if (!CAMPOS_ST.includes(nome)) c.erro(`icmsSt.${nome.slice(0, 40)}`, 'CAMPO_DESCONHECIDO', `icmsSt.${nome.slice(0, 40)} não é um campo do ICMS-ST.`);
  const opcional = (nome: string, max: number) => {
    const bruto = campo(v, nome);
    return bruto === undefined ? null : (c.percentual(`icmsSt.${nome}`, bruto, 0, max) ?? null);
  };
  // MVAs above 100% exist (e.g. beverages and cosmetics in some protocols); 1000% bounds a typing error.
  const mva = opcional('mva', 1000);
  const baseBruta = campo(v, 'base');
  const baseCentavos = baseBruta === undefined ? null : (c.dinheiro('icmsSt.base', baseBruta, 'POSITIVO') ?? null);
  if (campo(v, 'mva') !== undefined && baseBruta !== undefined) c.erro('icmsSt.base', 'CAMPOS_INCOERENTES', 'Informe icmsSt.mva (MVA, modBCST 4) ou icmsSt.base (pauta ou preço de lista, modBCST 5), não os dois.');
  if (campo(v, 'mva') === undefined && baseBruta === undefined) c.erro('icmsSt.mva', 'OBRIGATORIO', 'O ICMS-ST precisa da MVA (icmsSt.mva) ou da base informada (icmsSt.base).');
  return {
    mva,
    baseCentavos,
    aliquota: opcional('aliquota', 40),
    aliquotaFcp: opcional('aliquotaFcp', emPercentual(FCP_MAXIMO)),
    // 100% would leave no ST base at all: that is an exemption, another CST.
    reducaoBase: (() => {
      const r = campo(v, 'reducaoBase');
      return r === undefined ? null : (c.percentual('icmsSt.reducaoBase', r, 0, 100) ?? null);
    })(),
  };
}

/**
 * pRedBC, pDif and the ICMS-ST of the item, each required by the situations that need it and refused on the others
 * (`exige` of the situation table): a figure the XML has no group for is never computed.
 */
export function lerInsumosIcms(c: Coletor, bruta: Objeto, cst: string | undefined, csosn: string | undefined): InsumosIcms {
  const reducaoBruta = campo(bruta, 'reducaoBaseIcms');
  const diferimentoBruto = campo(bruta, 'diferimentoIcms');
  // A reduction of 100% leaves no base: that is an exemption (CST 40). A deferral of 100% is a full deferral (valid).
  const reducaoBaseIcms = reducaoBruta === undefined ? null : (c.percentual('reducaoBaseIcms', reducaoBruta, 0, 99.9999, true) ?? null);
  const diferimentoIcms = diferimentoBruto === undefined ? null : (c.percentual('diferimentoIcms', diferimentoBruto, 0, 100, true) ?? null);
  const icmsSt = lerIcmsSt(c, campo(bruta, 'icmsSt'));
  const efeito = efeitoDaSituacao(cst, csosn);
  const exige = efeito?.exige ?? [];
  const situacao = cst !== undefined ? `CST ${cst}` : csosn !== undefined ? `CSOSN ${csosn}` : 'sem CST/CSOSN';
  const presentes = { reducaoBaseIcms: reducaoBruta, diferimentoIcms: diferimentoBruto, icmsSt: campo(bruta, 'icmsSt') };
  for (const nome of ['reducaoBaseIcms', 'diferimentoIcms', 'icmsSt'] as const) {
    const dado = presentes[nome] !== undefined;
    if (exige.includes(nome) && !dado && efeito?.efeito !== 'NAO_MODELADA') {
      c.erro(nome, 'OBRIGATORIO', `${situacao} (${efeito!.descricao}) precisa de ${nome}.`);
    } else if (!exige.includes(nome) && dado) {
      c.erro(nome, 'NAO_SE_APLICA', `${nome} não se aplica a ${situacao}.`);
    }
  }
  return { reducaoBaseIcms, diferimentoIcms, icmsSt };
}
