import { type Apuracao, componente } from './apuracao';
import {
  ALIQUOTAS_INTERNAS_ICMS,
  INTERESTADUAL_GERAL,
  INTERESTADUAL_IMPORTADOS,
  INTERESTADUAL_SUL_SUDESTE_PARA_DEMAIS,
  type AliquotaInternaIcms,
} from './data/icms';
import { regiaoDaUf } from '@erp/fiscal-rules';
import { type Uf } from './input';
import { type FaseTransicao } from './data/transicao';
import { type EntradaNormalizada } from './input';
import { aplicar, emPercentual, fracao, multiplicar, somar, subtrair, type Fracao } from './fraction';

import { textoPercentual, textoReais } from './text';
import { emVigor, vigeEm } from './validity';

const UM = fracao(1n);

const INTERNAS_POR_UF = new Map<Uf, AliquotaInternaIcms[]>();
for (const a of ALIQUOTAS_INTERNAS_ICMS) INTERNAS_POR_UF.set(a.uf, [...(INTERNAS_POR_UF.get(a.uf) ?? []), a]);

export interface AliquotaComFonte {
  readonly aliquota: Fracao;
  readonly fonte: string;
}

export interface AliquotaInterna extends AliquotaComFonte {
  /** The state's own rate, without the poverty fund. */
  readonly icms: Fracao;
  /** The poverty-fund surcharge: the caller's for the product (`aliquotaFcp`), else the state's general one. */
  readonly fcp: Fracao;
}

/**
 * The state's general internal rate plus the poverty-fund surcharge (`aliquota` is their sum), before the transition
 * factor. `fcpDoProduto` is the caller's rate for the product, which replaces the state's general one.
 */
export function aliquotaInterna(uf: Uf, dataIso: string, fcpDoProduto: Fracao | null = null): AliquotaInterna | null {
  const vigente = emVigor(INTERNAS_POR_UF.get(uf) ?? [], dataIso);
  if (!vigente) return null;
  const fcp = fcpDoProduto ?? vigente.fcpGeral;
  const textoFcp = fcpDoProduto !== null && fcpDoProduto.n > 0n ? `; FCP do produto de ${textoPercentual(fcpDoProduto)} informado (ADCT art. 82 §1º)` : '';
  return { icms: vigente.aliquota, fcp, aliquota: somar(vigente.aliquota, fcp), fonte: `${uf}: ${vigente.fonte}${textoFcp}` };
}

function ehSulSudesteExcetoEs(uf: Uf): boolean {
  const regiao = regiaoDaUf(uf);
  return (regiao === 'S' || regiao === 'SE') && uf !== 'ES';
}

/**
 * Interstate rate: 4% for imported goods (never for a transport service), 7% from the South and Southeast
 * (except ES) to the other regions and ES, 12% otherwise.
 */
export function aliquotaInterestadual(origem: Uf, destino: Uf, importada: boolean, dataIso: string): AliquotaComFonte {
  if (importada && vigeEm(INTERESTADUAL_IMPORTADOS, dataIso)) return INTERESTADUAL_IMPORTADOS;
  if (ehSulSudesteExcetoEs(origem) && !ehSulSudesteExcetoEs(destino)) return INTERESTADUAL_SUL_SUDESTE_PARA_DEMAIS;
  return INTERESTADUAL_GERAL;
}

/** The ICMS debit and the ICMS inside the creditable purchases, which PIS/COFINS and CBS credits leave out. */
export interface IcmsApurado {
  readonly debitoCentavos: number;
  readonly icmsComprasCentavos: number;
  /** The ICMS base (the value, plus the IPI to a final consumer) and the rate charged: the DIFAL starts from them. */
  readonly baseCentavos: number;
  readonly aliquotaOrigem: Fracao;
}

const NENHUM: IcmsApurado = { debitoCentavos: 0, icmsComprasCentavos: 0, baseCentavos: 0, aliquotaOrigem: { n: 0n, d: 1n } };

/**
 * ICMS on the purchases: the caller's rate, or the internal rate of the issuer's UF (an assumption: the
 * purchases came from inside the state). Both are the rates of the state's law, reduced in 2029-2032 like
 * every ICMS rate.
 */
export function icmsDasCompras(e: EntradaNormalizada, fator: Fracao): { aliquota: Fracao; valorCentavos: number; fonte: string } | null {
  if (e.comprasCentavos === 0) return null;
  let base: AliquotaComFonte | null = null;
  if (e.aliquotaIcmsCompras !== null) base = { aliquota: e.aliquotaIcmsCompras, fonte: 'informada em aliquotaIcmsCompras' };
  else if (e.ufOrigem !== null) {
    const interna = aliquotaInterna(e.ufOrigem, e.dataIso);
    if (interna) base = { aliquota: interna.aliquota, fonte: `interna de ${e.ufOrigem} (premissa: compras dentro do estado)` };
  }
  if (base === null) return null;
  const aliquota = multiplicar(base.aliquota, fator);
  return { aliquota, valorCentavos: aplicar(e.comprasCentavos, aliquota), fonte: base.fonte };
}

/**
 * ICMS of an NF-e, NFC-e or CT-e (for a CT-e, on the transport service, due to the state where it
 * starts): the debit on the operation value, less the credit on `comprasCreditaveis` when given (ICMS is
 * non-cumulative for every regime but the Simples Nacional's DAS). IPI is left out of the base: the
 * operation is taken as one between taxpayers for resale or industrialisation (CF art. 155 §2º XI).
 */
export function apurarIcms(a: Apuracao, fase: FaseTransicao, ipiCentavos = 0): IcmsApurado {
  const e = a.entrada;
  if (fase.fatorIcmsIss === null || e.ufOrigem === null || e.ufDestino === null) return NENHUM;
  const interna = e.ufOrigem === e.ufDestino;
  const daLei = interna
    ? aliquotaInterna(e.ufOrigem, e.dataIso, e.aliquotaFcp)
    : aliquotaInterestadual(e.ufOrigem, e.ufDestino, e.mercadoriaImportada && e.tipoDocumento !== 'CTE', e.dataIso);
  if (daLei === null) {
    a.aviso(`ICMS: sem alíquota interna de ${e.ufOrigem} em vigor em ${e.dataIso} na tabela embutida.`);
    return NENHUM;
  }
  const reduzida = fase.fatorIcmsIss.n !== fase.fatorIcmsIss.d;
  const aliquota = multiplicar(daLei.aliquota, fase.fatorIcmsIss);
  // To a final consumer the IPI is part of the ICMS base; only between taxpayers for resale or industry it is not.
  const valorBase = e.valorCentavos + ipiCentavos;
  // CST 20 / 70: the base reduced by pRedBC (vBC = base x (1 - pRedBC), rounded once); CST 51: the deferred part of
  // the operation's ICMS (vICMSDif = vICMSOp x pDif; vICMS = vICMSOp - vICMSDif, RICMS of each UF, MOC N16a-N16c).
  const base = e.reducaoBaseIcms ? aplicar(valorBase, subtrair(UM, e.reducaoBaseIcms)) : valorBase;
  const debitoOperacao = aplicar(base, aliquota);
  const diferido = e.diferimentoIcms ? aplicar(debitoOperacao, e.diferimentoIcms) : 0;
  const debito = debitoOperacao - diferido;
  if (e.reducaoBaseIcms) a.detalharIcms({ reducaoBase: emPercentual(e.reducaoBaseIcms) });
  if (e.diferimentoIcms) a.detalharIcms({ diferimento: { icmsOperacaoCentavos: debitoOperacao, percentual: emPercentual(e.diferimentoIcms), diferidoCentavos: diferido } });
  const compras = icmsDasCompras(e, fase.fatorIcmsIss);
  const credito = compras?.valorCentavos ?? 0;
  const fundamento = [
    e.tipoDocumento === 'CTE' ? 'ICMS sobre a prestação de transporte, devido à UF de início' : 'ICMS da operação',
    interna ? `alíquota interna — ${daLei.fonte}` : `alíquota interestadual ${e.ufOrigem}→${e.ufDestino} — ${daLei.fonte}`,
    reduzida ? `alíquota reduzida a ${fase.fatorIcmsIss.n}/${fase.fatorIcmsIss.d} (${fase.fonte})` : '',
    compras ? `crédito das compras (não cumulatividade, LC 87/1996 art. 20) à alíquota ${compras.fonte}` : '',
    ipiCentavos > 0 ? 'base com o IPI: venda a consumidor final (CF art. 155 §2º XI)' : '',
    e.reducaoBaseIcms ? `base reduzida em ${textoPercentual(e.reducaoBaseIcms)} (pRedBC informado, benefício da legislação da UF)` : '',
    e.diferimentoIcms ? `${textoPercentual(e.diferimentoIcms)} do ICMS da operação (${textoReais(debitoOperacao)}) diferido (pDif informado, RICMS da UF)` : '',
  ]
    .filter((t) => t !== '')
    .join('; ');
  if (credito > debito) a.aviso(`ICMS: o crédito das compras (${textoReais(credito)}) supera o débito; o saldo credor passa ao período seguinte.`);
  a.adicionar({
    tributo: 'ICMS',
    baseCentavos: base,
    aliquota,
    valorCentavos: Math.max(0, debito - credito),
    fundamento: `${fundamento}.`,
    componentes: compras
      ? [
          componente('Débito da operação', base, aliquota, debito),
          componente('Crédito das compras', e.comprasCentavos, compras.aliquota, -credito),
        ]
      : undefined,
  });
  return { debitoCentavos: debito, icmsComprasCentavos: credito, baseCentavos: base, aliquotaOrigem: aliquota };
}
