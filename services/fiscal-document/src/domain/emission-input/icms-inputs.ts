import { camposDesconhecidos, ehObjeto, vazio, type CamposInvalidos } from '@erp/fiscal-rules';
import { escalar, MAXIMO_CENTAVOS } from '../money';
import type { IcmsStInformado, InsumosIcmsItem, SimplesNacionalInformado } from './types';

/**
 * The ICMS inputs an item's situation needs (the tax engine computes the figures from them): pRedBC for CST 20 and
 * 70, pDif for CST 51, the ICMS-ST (MVA or base, rates) for CST 10, 30, 70 and CSOSN 201, 202, 203. Each is required
 * by the situations that need it and refused on the others, with the item and the field named.
 */
const EXIGE: Readonly<Record<string, readonly (keyof InsumosIcmsItem)[]>> = {
  '10': ['icmsSt'],
  '20': ['reducaoBaseIcms'],
  '30': ['icmsSt'],
  '51': ['diferimentoIcms'],
  '70': ['reducaoBaseIcms', 'icmsSt'],
  '201': ['icmsSt'],
  '202': ['icmsSt'],
  '203': ['icmsSt'],
};

/** Situations whose XML group carries pCredSN / vCredICMSSN: the emission needs the Simples band to compute them. */
export const SITUACOES_CREDITO_SN: ReadonlySet<string> = new Set(['101', '201']);

function percentual(erros: CamposInvalidos, valor: unknown, campo: string, min: number, max: number, minExclusivo = false): number | undefined {
  if (typeof valor !== 'number' || !Number.isFinite(valor) || valor < min || valor > max || (minExclusivo && valor === min) || escalar(valor, 4) === null) {
    return erros.add(campo, 'percentual_faixa', `percentual ${minExclusivo ? 'acima de' : 'de'} ${min} até ${max}, com até 4 casas`);
  }
  return valor;
}

function lerSt(erros: CamposInvalidos, valor: unknown, campo: string): IcmsStInformado | null {
  if (!ehObjeto(valor)) return erros.add(campo, 'tipo', 'deve ser um objeto { mva | base, aliquota, aliquotaFcp, reducaoBase }') ?? null;
  const antes = erros.total;
  camposDesconhecidos(erros, valor, campo, ['mva', 'base', 'aliquota', 'aliquotaFcp', 'reducaoBase']);
  const st: IcmsStInformado = { mva: null, base: null, aliquota: null, aliquotaFcp: null, reducaoBase: null };
  if (!vazio(valor.mva) && !vazio(valor.base)) erros.add(`${campo}.base`, 'st_mva_ou_base', 'informe mva (modBCST 4) ou base (pauta ou preço de lista, modBCST 5), não os dois');
  else if (vazio(valor.mva) && vazio(valor.base)) erros.add(`${campo}.mva`, 'obrigatorio', 'o ICMS-ST precisa da MVA (mva) ou da base informada (base)');
  if (!vazio(valor.mva)) st.mva = percentual(erros, valor.mva, `${campo}.mva`, 0, 1000) ?? null;
  if (!vazio(valor.base)) {
    const centavos = typeof valor.base === 'number' && valor.base > 0 ? escalar(valor.base, 2) : null;
    if (centavos === null || centavos > MAXIMO_CENTAVOS) erros.add(`${campo}.base`, 'valor_invalido', 'valor em reais, maior que zero, até 2 casas');
    else st.base = valor.base as number;
  }
  if (!vazio(valor.aliquota)) st.aliquota = percentual(erros, valor.aliquota, `${campo}.aliquota`, 0, 40, true) ?? null;
  if (!vazio(valor.aliquotaFcp)) st.aliquotaFcp = percentual(erros, valor.aliquotaFcp, `${campo}.aliquotaFcp`, 0, 2) ?? null;
  if (!vazio(valor.reducaoBase)) st.reducaoBase = percentual(erros, valor.reducaoBase, `${campo}.reducaoBase`, 0, 99.9999, true) ?? null;
  return erros.total > antes ? null : st;
}

export function lerInsumosIcms(erros: CamposInvalidos, valor: Record<string, unknown>, campo: string, situacao: string | null): InsumosIcmsItem {
  const exige = situacao === null ? [] : (EXIGE[situacao] ?? []);
  const insumos: InsumosIcmsItem = { reducaoBaseIcms: null, diferimentoIcms: null, icmsSt: null };
  const nomeSituacao = situacao === null ? 'esta situação' : situacao.length === 3 ? `CSOSN ${situacao}` : `CST ${situacao}`;
  for (const nome of ['reducaoBaseIcms', 'diferimentoIcms', 'icmsSt'] as const) {
    const bruto = valor[nome];
    const alvo = `${campo}.${nome}`;
    if (vazio(bruto)) {
      if (exige.includes(nome)) erros.add(alvo, 'obrigatorio_situacao', `obrigatório com ${nomeSituacao}`);
      continue;
    }
    if (!exige.includes(nome)) {
      erros.add(alvo, 'nao_se_aplica', `não se aplica a ${nomeSituacao}`);
      continue;
    }
    if (nome === 'reducaoBaseIcms') insumos.reducaoBaseIcms = percentual(erros, bruto, alvo, 0, 99.9999, true) ?? null;
    else if (nome === 'diferimentoIcms') insumos.diferimentoIcms = percentual(erros, bruto, alvo, 0, 100, true) ?? null;
    else insumos.icmsSt = lerSt(erros, bruto, alvo);
  }
  return insumos;
}

export const ANEXOS_MERCADORIA = ['I', 'II'] as const;

/**
 * The issuer's Simples Nacional band (annex I commerce or II industry, and the revenue of the last 12 months): the
 * tax engine reads pCredSN from it (the ICMS share of the band's effective rate). Required when an item uses CSOSN
 * 101 or 201; refused for an issuer of the regime normal.
 */
export function lerSimplesNacional(erros: CamposInvalidos, valor: unknown, simples: boolean, precisa: boolean): SimplesNacionalInformado | null {
  if (vazio(valor)) {
    if (precisa) erros.add('simplesNacional', 'obrigatorio_credito_sn', 'obrigatório com CSOSN 101 ou 201: o crédito do comprador (pCredSN) vem da faixa do Simples Nacional (anexo e receita de 12 meses)');
    return null;
  }
  if (!simples) return erros.add('simplesNacional', 'somente_simples', 'só se aplica a emitente do Simples Nacional') ?? null;
  if (!ehObjeto(valor)) return erros.add('simplesNacional', 'tipo', 'deve ser um objeto { anexo, receitaBruta12Meses }') ?? null;
  camposDesconhecidos(erros, valor, 'simplesNacional', ['anexo', 'receitaBruta12Meses']);
  const anexo = (ANEXOS_MERCADORIA as readonly unknown[]).includes(valor.anexo) ? (valor.anexo as 'I' | 'II') : null;
  if (!anexo) erros.add('simplesNacional.anexo', 'anexo_invalido', `deve ser ${ANEXOS_MERCADORIA.join(' ou ')} (comércio ou indústria)`);
  const rbt = valor.receitaBruta12Meses;
  const centavos = typeof rbt === 'number' && rbt > 0 ? escalar(rbt, 2) : null;
  if (centavos === null || centavos > MAXIMO_CENTAVOS) erros.add('simplesNacional.receitaBruta12Meses', 'valor_invalido', 'receita bruta dos 12 meses anteriores, em reais, maior que zero, até 2 casas');
  if (!anexo || centavos === null || centavos > MAXIMO_CENTAVOS) return null;
  return { anexo, receitaBruta12Meses: rbt as number };
}
