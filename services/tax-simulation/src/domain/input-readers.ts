import { diaDe, lerIso } from './dates';
import { type Coletor, campo, ehObjeto } from './collector';
import { type ChaveVencimentoLocal, type ReferenciaAno, type RegraLocal, type Uf } from './input';
import { type AnexoSimples, type TipoDocumento } from './types';

/** The engine's period: operations of these dates (2026 is the reform's first year). */
export const DATA_MINIMA = '2026-01-01';
export const DATA_MAXIMA = '2040-12-31';

/** Annexes that may tax each document (LC 123 art. 18 §4º; CT-e cargo transport by §5º-E in annex III). */
export const ANEXOS_POR_DOCUMENTO: Readonly<Record<TipoDocumento, readonly AnexoSimples[]>> = {
  NFE: ['I', 'II'],
  NFCE: ['I', 'II'],
  CTE: ['III'],
  NFSE: ['III', 'IV', 'V'],
};

export const DESCRICAO_DOCUMENTO: Readonly<Record<TipoDocumento, string>> = {
  NFE: 'venda de mercadorias (NF-e)',
  NFCE: 'venda de mercadorias (NFC-e)',
  CTE: 'transporte intermunicipal ou interestadual (CT-e)',
  NFSE: 'prestação de serviços (NFS-e)',
};

export interface DataLida {
  iso: string;
  dia: number;
  ano: number;
  mes: number;
}

/** A `YYYY-MM-DD` calendar day (`dataOperacao` also within the engine's period). */
export function lerData(c: Coletor, nome: string, v: unknown, noPeriodo: boolean): DataLida | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') return c.erro(nome, 'TIPO_INVALIDO', `${nome} deve ser um texto AAAA-MM-DD.`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return c.erro(nome, 'FORMATO_INVALIDO', `${nome} deve estar no formato AAAA-MM-DD.`);
  const civil = lerIso(v);
  if (civil === null) return c.erro(nome, 'DATA_INEXISTENTE', `${nome}: ${v} não existe no calendário.`);
  if (noPeriodo && (v < DATA_MINIMA || v > DATA_MAXIMA)) {
    return c.erro(nome, 'FORA_DO_PERIODO', `${nome} deve estar entre ${DATA_MINIMA} e ${DATA_MAXIMA}.`);
  }
  return { iso: v, dia: diaDe(civil.ano, civil.mes, civil.dia), ano: civil.ano, mes: civil.mes };
}

export function lerNcm(c: Coletor, v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') return c.erro('ncm', 'TIPO_INVALIDO', 'ncm deve ser um texto de 8 dígitos.');
  if (!/^\d{8}$/.test(v)) return c.erro('ncm', 'NCM_INVALIDO', 'ncm deve ter exatamente 8 dígitos, sem pontos.');
  return v;
}

/**
 * An issued document's CFOP starts with 5 (inside the state), 6 (to another state) or 7 (abroad); the
 * first digit must agree with the two UFs when both were given.
 */
export function lerCfop(c: Coletor, v: unknown, ufOrigem: Uf | undefined, ufDestino: Uf | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') return c.erro('cfop', 'TIPO_INVALIDO', 'cfop deve ser um texto de 4 dígitos.');
  if (!/^\d{4}$/.test(v)) return c.erro('cfop', 'CFOP_INVALIDO', 'cfop deve ter exatamente 4 dígitos, sem ponto.');
  const inicio = v[0];
  if (inicio !== '5' && inicio !== '6' && inicio !== '7') {
    return c.erro('cfop', 'CFOP_NAO_E_SAIDA', 'cfop de documento emitido começa com 5 (interna), 6 (interestadual) ou 7 (exterior).');
  }
  if (inicio === '6' && ufDestino === undefined) {
    c.erro('ufDestino', 'OBRIGATORIO', 'ufDestino é obrigatória numa operação interestadual (CFOP 6.xxx).');
    return v;
  }
  if (ufOrigem !== undefined && ufDestino !== undefined) {
    if (inicio === '5' && ufOrigem !== ufDestino) return c.erro('cfop', 'CFOP_INCOERENTE_COM_UF', 'CFOP 5.xxx é de operação interna, mas ufOrigem e ufDestino diferem.');
    if (inicio === '6' && ufOrigem === ufDestino) return c.erro('cfop', 'CFOP_INCOERENTE_COM_UF', 'CFOP 6.xxx é de operação interestadual, mas ufOrigem e ufDestino são iguais.');
    if (inicio === '7') return c.erro('ufDestino', 'NAO_SE_APLICA', 'Numa exportação (CFOP 7.xxx) não se informa ufDestino.');
  }
  return v;
}

const CHAVES_VENCIMENTO: readonly ChaveVencimentoLocal[] = ['ICMS', 'ISS', 'CBS', 'IBS', 'IS'];

export function lerVencimentos(c: Coletor, v: unknown): Partial<Record<ChaveVencimentoLocal, RegraLocal>> {
  const regras: Partial<Record<ChaveVencimentoLocal, RegraLocal>> = {};
  if (v === undefined) return regras;
  if (!ehObjeto(v)) {
    c.erro('vencimentos', 'TIPO_INVALIDO', 'vencimentos deve ser um objeto por tributo (ICMS, ISS, CBS, IBS, IS).');
    return regras;
  }
  for (const chave of Object.keys(v)) {
    if (!(CHAVES_VENCIMENTO as readonly string[]).includes(chave)) {
      c.erro(`vencimentos.${chave.slice(0, 20)}`, 'VALOR_NAO_PERMITIDO', `Só se configuram prazos de ${CHAVES_VENCIMENTO.join(', ')}.`);
    }
  }
  for (const chave of CHAVES_VENCIMENTO) {
    const regra = campo(v, chave);
    if (regra === undefined) continue;
    if (!ehObjeto(regra)) {
      c.erro(`vencimentos.${chave}`, 'TIPO_INVALIDO', `vencimentos.${chave} deve ser { dia, ajuste }.`);
      continue;
    }
    const diaBruto = campo(regra, 'dia');
    const dia = diaBruto === undefined ? c.erro(`vencimentos.${chave}.dia`, 'OBRIGATORIO', 'dia é obrigatório.') : c.numero(`vencimentos.${chave}.dia`, diaBruto);
    if (dia !== undefined && (!Number.isInteger(dia) || dia < 1 || dia > 31)) {
      c.erro(`vencimentos.${chave}.dia`, 'FORA_DO_INTERVALO', 'dia deve ser um inteiro de 1 a 31.');
    }
    const ajuste = c.opcao(`vencimentos.${chave}.ajuste`, campo(regra, 'ajuste'), ['PRORROGAR', 'ANTECIPAR'] as const, true);
    if (dia !== undefined && Number.isInteger(dia) && dia >= 1 && dia <= 31 && ajuste !== undefined) regras[chave] = { dia, ajuste };
  }
  return regras;
}

export function lerReferencias(c: Coletor, v: unknown): Map<number, ReferenciaAno> {
  const referencias = new Map<number, ReferenciaAno>();
  if (v === undefined) return referencias;
  if (!ehObjeto(v)) {
    c.erro('aliquotasReferencia', 'TIPO_INVALIDO', 'aliquotasReferencia deve ser um objeto por ano ("2027": { cbs, ibsUf, ibsMun }).');
    return referencias;
  }
  for (const chave of Object.keys(v)) {
    const nome = `aliquotasReferencia.${chave.slice(0, 20)}`;
    const ano = /^\d{4}$/.test(chave) ? Number(chave) : NaN;
    if (!(ano >= 2027 && ano <= 2040)) {
      c.erro(nome, 'VALOR_NAO_PERMITIDO', 'As alíquotas de referência são por ano, de 2027 a 2040.');
      continue;
    }
    const porAno = campo(v, chave);
    if (porAno === undefined) continue;
    if (!ehObjeto(porAno)) {
      c.erro(nome, 'TIPO_INVALIDO', `${nome} deve ser { cbs, ibsUf, ibsMun } em percentual.`);
      continue;
    }
    const ler = (t: 'cbs' | 'ibsUf' | 'ibsMun') => {
      const x = campo(porAno, t);
      return x === undefined ? null : (c.percentual(`${nome}.${t}`, x, 0, 50) ?? null);
    };
    referencias.set(ano, { cbs: ler('cbs'), ibsUf: ler('ibsUf'), ibsMun: ler('ibsMun') });
  }
  return referencias;
}
