import { type Apuracao, componente } from './apuracao';
import { textoPercentual } from './text';
import { INCIDENCIA_UNICA_CBS_IBS } from './data/combustiveis';
import { PREMISSA_REFERENCIA_CBS, type FaseTransicao } from './data/transicao';
import { aplicar, subtrair, type Fracao } from './fraction';
import { type ReferenciaAno } from './input';
import { type Tributo } from './types';
import { emVigor } from './validity';

/**
 * The taxes the item really carries that leave the CBS/IBS base from 2026 to 2032 (LC 214/2025 art. 12 §2º V: the
 * ICMS, ISS, PIS and COFINS "incidentes sobre a operação"; the NF-e's rule UB16-10 spells the fields: vBC = vProd ...
 * - vPIS - vCOFINS - vICMS - vICMSUFDest - vFCP - vFCPUFDest - vICMSMono - vISSQN + vIS). An item with no ICMS of its
 * own (CST 40, 41, 50, 60, a single-phase fuel resold) subtracts none; the DIFAL is subtracted where the item has it.
 */
export interface DeducoesBase {
  /** The issuer's own ICMS debit with its general poverty fund (vICMS + vFCP). */
  readonly icmsCentavos: number;
  /** The DIFAL to the destination (vICMSUFDest + vFCPUFDest). */
  readonly difalCentavos: number;
  readonly issCentavos: number;
  readonly pisCentavos: number;
  readonly cofinsCentavos: number;
  readonly isCentavos: number;
  /** ICMS inside `comprasCreditaveis`, which the credit base leaves out like the debit base does. */
  readonly icmsComprasCentavos: number;
}

const FONTE_BASE = 'base sem o ICMS (com o DIFAL), o ISS, o PIS e a COFINS que a operação tem e com o IS (LC 214/2025 art. 12 §2º V; regra UB16-10 da NF-e)';

/**
 * Imposto Seletivo from 2027, at the caller's rate (its rates are set by ordinary law and none is shipped).
 * Returns the IS, which joins the CBS/IBS base.
 */
export function apurarImpostoSeletivo(a: Apuracao, fase: FaseTransicao): number {
  const e = a.entrada;
  if (e.aliquotaIs === null) return 0;
  if (!fase.impostoSeletivo) {
    a.aviso('IS: o Imposto Seletivo só é cobrado a partir de 2027 (ADCT art. 126 I b); aliquotaIs ignorada.');
    return 0;
  }
  const valor = aplicar(e.valorCentavos, e.aliquotaIs);
  a.adicionar({
    tributo: 'IS',
    baseCentavos: e.valorCentavos,
    aliquota: e.aliquotaIs,
    valorCentavos: valor,
    fundamento: `Imposto Seletivo à alíquota informada (CF art. 153 VIII; ADCT art. 126 I b; LC 214/2025 Livro II).`,
  });
  return valor;
}

/**
 * CBS and IBS for Lucro Presumido and Lucro Real, by the phase of the transition:
 * 2026 test rates (informative), 2027-2028 CBS at the reference rate minus 0.1 p.p. and IBS 0.05% + 0.05%,
 * 2029 on CBS at the reference rate and IBS at the rates the caller gives for the year (none in force).
 */
export function apurarCbsIbs(a: Apuracao, fase: FaseTransicao, d: DeducoesBase): void {
  const e = a.entrada;
  const base = e.valorCentavos - d.icmsCentavos - d.difalCentavos - d.issCentavos - d.pisCentavos - d.cofinsCentavos + d.isCentavos;
  const cbsIbs = fase.cbsIbs;

  if (cbsIbs.modo === 'TESTE') {
    ignorarReferenciasInformadas(a, 'em 2026 a CBS e o IBS têm alíquotas de teste fixadas na lei (ADCT art. 125)');
    const nota =
      'informativo: recolhimento dispensado a quem cumpre as obrigações acessórias (LC 214/2025 art. 348 §1º); ' +
      'se pago, compensa-se com PIS/COFINS (ADCT art. 125 §1º)';
    for (const [tributo, aliquota, nome] of [
      ['CBS', cbsIbs.cbs, 'CBS de teste de 2026 (ADCT art. 125; LC 214/2025 art. 346)'],
      ['IBS_UF', cbsIbs.ibsUf, 'IBS estadual de teste de 2026 (ADCT art. 125; LC 214/2025 art. 343)'],
      ['IBS_MUN', cbsIbs.ibsMun, 'IBS municipal de 2026: alíquota zero (LC 214/2025 art. 343)'],
    ] as const) {
      a.adicionar({
        tributo,
        baseCentavos: base,
        aliquota,
        valorCentavos: aplicar(base, aliquota),
        informativo: true,
        fundamento: `${nome}; ${FONTE_BASE}; ${nota}.`,
      });
    }
    return;
  }

  const baseCredito = Math.max(0, e.comprasCentavos - d.icmsComprasCentavos);
  const cbsReferencia = referenciaCbs(a);
  if (cbsIbs.modo === 'REFERENCIA_MENOS_REDUCAO') {
    ignorarIbsInformado(a, 'em 2027 e 2028 o IBS é de 0,05% + 0,05%, fixado na lei (ADCT art. 127)');
    const cbs = subtrair(cbsReferencia.aliquota, cbsIbs.reducaoCbs);
    pagavel(a, 'CBS', base, baseCredito, cbs, `CBS à alíquota de referência (${cbsReferencia.texto}) menos 0,1 ponto percentual (ADCT art. 127)`);
    pagavel(a, 'IBS_UF', base, baseCredito, cbsIbs.ibsUf, 'IBS estadual de 0,05% em 2027-2028 (ADCT art. 127; LC 214/2025 art. 344)');
    pagavel(a, 'IBS_MUN', base, baseCredito, cbsIbs.ibsMun, 'IBS municipal de 0,05% em 2027-2028 (ADCT art. 127; LC 214/2025 art. 344)');
    return;
  }

  pagavel(a, 'CBS', base, baseCredito, cbsReferencia.aliquota, `CBS à alíquota de referência (${cbsReferencia.texto}) (ADCT art. 130)`);
  for (const [tributo, chave, campoEntrada, esfera] of [
    ['IBS_UF', 'ibsUf', 'aliquotaIbsUf', 'estadual'],
    ['IBS_MUN', 'ibsMun', 'aliquotaIbsMun', 'municipal'],
  ] as const) {
    const fundamento = `IBS ${esfera} à alíquota de ${e.ano}, fixada por resolução do Senado (ADCT art. 130)`;
    const aliquota = informada(a, chave);
    if (aliquota === null) {
      a.naoCalculavel(
        tributo,
        { n: 0n, d: 1n },
        `${fundamento}.`,
        `A alíquota do IBS ${esfera} de ${e.ano} não está fixada em norma vigente; informe ${campoEntrada} na simulação ` +
          `ou a alíquota de ${e.ano} nas configurações fiscais da empresa (aliquotasReferencia).`,
      );
    } else {
      pagavel(a, tributo, base, baseCredito, aliquota.aliquota, `${fundamento}, ${aliquota.origem}`);
    }
  }
}

/**
 * The resale of a single-phase fuel: from 2027 CBS and IBS are charged once, at the producer or importer, so the
 * resale carries none; in 2026 the test rates' treatment of fuels (LC 214/2025 art. 348 III b) was not researched,
 * so those informative lines are shown as not computable.
 */
export function cbsIbsDeCombustivel(a: Apuracao, fase: FaseTransicao): void {
  if (fase.cbsIbs.modo !== 'TESTE') {
    a.aviso(`CBS/IBS: a revenda de combustível não tem CBS nem IBS próprios (${INCIDENCIA_UNICA_CBS_IBS}).`);
    return;
  }
  const motivo = 'O tratamento dos combustíveis nas alíquotas de teste de 2026 (LC 214/2025 art. 348 III b) não está modelado.';
  for (const [tributo, aliquota] of [
    ['CBS', fase.cbsIbs.cbs],
    ['IBS_UF', fase.cbsIbs.ibsUf],
    ['IBS_MUN', fase.cbsIbs.ibsMun],
  ] as const) {
    a.naoCalculavel(tributo, aliquota, `${tributo} de teste de 2026 (ADCT art. 125), informativo.`, motivo, true);
  }
}

/** A reference rate the input or the company gave for the operation's year, the input's first; null when none. */
function informada(a: Apuracao, chave: keyof ReferenciaAno): { aliquota: Fracao; origem: string } | null {
  const daEntrada = a.entrada.referenciaInformada[chave];
  if (daEntrada !== null) return { aliquota: daEntrada, origem: 'informada na simulação' };
  const daEmpresa = a.entrada.referencias.get(a.entrada.ano)?.[chave] ?? null;
  return daEmpresa === null ? null : { aliquota: daEmpresa, origem: `das alíquotas de ${a.entrada.ano} configuradas pela empresa` };
}

function referenciaCbs(a: Apuracao): { aliquota: Fracao; texto: string } {
  const dada = informada(a, 'cbs');
  if (dada !== null) return { aliquota: dada.aliquota, texto: `${textoPercentual(dada.aliquota)}, ${dada.origem}` };
  const premissa = emVigor(PREMISSA_REFERENCIA_CBS, a.entrada.dataIso) ?? PREMISSA_REFERENCIA_CBS[0];
  a.premissa(`Alíquota de referência da CBS de ${textoPercentual(premissa.aliquota)}: ${premissa.fonte}.`);
  return { aliquota: premissa.aliquota, texto: `${textoPercentual(premissa.aliquota)}, PREMISSA` };
}

function ignorarIbsInformado(a: Apuracao, motivo: string): void {
  const { ibsUf, ibsMun } = a.entrada.referenciaInformada;
  if (ibsUf !== null || ibsMun !== null) a.aviso(`aliquotaIbsUf/aliquotaIbsMun: ${motivo}; ignoradas.`);
}

/** Reference rates given in the input for a year or regime whose CBS/IBS do not use them. */
export function ignorarReferenciasInformadas(a: Apuracao, motivo: string): void {
  const { cbs, ibsUf, ibsMun } = a.entrada.referenciaInformada;
  if (cbs !== null || ibsUf !== null || ibsMun !== null) a.aviso(`aliquotaReferenciaCbs/aliquotaIbsUf/aliquotaIbsMun: ${motivo}; ignoradas.`);
}

/**
 * A payable CBS/IBS line from 2027: debit on the base, less the credit on the purchases (assumed bought
 * from regular-regime suppliers at the same rate in the same year).
 */
function pagavel(a: Apuracao, tributo: Tributo, base: number, baseCredito: number, aliquota: Fracao, texto: string): void {
  const debito = aplicar(base, aliquota);
  const credito = aplicar(baseCredito, aliquota);
  if (credito > debito) a.aviso(`${tributo}: o crédito das compras supera o débito; o saldo credor fica para compensar ou ressarcir.`);
  if (baseCredito > 0) a.premissa('Créditos de CBS/IBS: compras de fornecedores do regime regular, tributadas à mesma alíquota no mesmo ano.');
  a.adicionar({
    tributo,
    baseCentavos: base,
    aliquota,
    valorCentavos: Math.max(0, debito - credito),
    fundamento: `${texto}; ${FONTE_BASE}${baseCredito > 0 ? '; crédito sobre as compras (não cumulatividade, CF art. 156-A §1º VIII)' : ''}.`,
    componentes:
      baseCredito > 0 ? [componente('Débito da operação', base, aliquota, debito), componente('Crédito das compras', baseCredito, aliquota, -credito)] : undefined,
  });
}
