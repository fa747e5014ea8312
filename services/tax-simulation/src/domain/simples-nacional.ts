import { ignorarReferenciasInformadas } from './cbs-ibs';
import { type Apuracao, aliquotaPublica } from './apuracao';
import { textoPercentual, textoReais } from './text';
import {
  ANEXOS,
  LIMITES_SIMPLES,
  VIGENCIA_PARTILHA,
  type FaixaSimples,
  type TabelaAnexo,
} from './data/simples-nacional';
import { type FaseTransicao } from './data/transicao';
import { apurarIcms } from './icms';
import { apurarIss } from './iss';
import { aplicar, comparar, fracao, multiplicar, somar, subtrair, ZERO, type Fracao } from './fraction';
import { type AnexoSimples, type ParcelaDas, type TributoPartilha } from './types';
import { vigeEm, vigenteObrigatorio } from './validity';

const SEM_NO_DAS_NA_EXPORTACAO: ReadonlySet<TributoPartilha> = new Set(['PIS', 'COFINS', 'IPI', 'ICMS', 'ISS']);

interface Parte {
  readonly tributo: TributoPartilha;
  /** This tax's rate on the operation value. */
  readonly fracao: Fracao;
}

export function faixaDe(tabela: TabelaAnexo, rbt12Centavos: number): FaixaSimples {
  return tabela.faixas.find((f) => rbt12Centavos <= f.limiteCentavos) ?? tabela.faixas[tabela.faixas.length - 1];
}

/**
 * Effective rate = (RBT12 x nominal - deduction) / RBT12 (LC 123 art. 18 §1º-A), kept as an exact
 * fraction. In the first band the deduction is zero and the rate is the nominal one, which also covers an
 * RBT12 of zero (a company in its first month).
 */
export function aliquotaEfetiva(faixa: FaixaSimples, rbt12Centavos: number): Fracao {
  if (faixa.parcelaDeduzirCentavos === 0) return faixa.aliquotaNominal;
  const rbt12 = BigInt(rbt12Centavos);
  const { n, d } = faixa.aliquotaNominal;
  return fracao(rbt12 * n - BigInt(faixa.parcelaDeduzirCentavos) * d, rbt12 * d);
}

/**
 * Each tax's rate on revenue inside the DAS: effective rate x its split percentage, with the band-5 ISS
 * cap of annexes III and IV (ISS at most 5%, the excess spread over the federal taxes by the annex's
 * redistribution percentages).
 */
export function partesDaAliquota(tabela: TabelaAnexo, faixa: FaixaSimples, efetiva: Fracao): Parte[] {
  const partes = faixa.partilha.map((p) => ({ tributo: p.tributo, fracao: multiplicar(efetiva, p.percentual) }));
  const teto = tabela.tetoIss;
  const iss = partes.find((p) => p.tributo === 'ISS');
  if (!teto || teto.faixa !== faixa.faixa || !iss || comparar(iss.fracao, teto.teto) <= 0) return partes;
  const resto = subtrair(efetiva, teto.teto);
  return [
    ...teto.redistribuicao.map((p) => ({ tributo: p.tributo, fracao: multiplicar(resto, p.percentual) })),
    { tributo: 'ISS' as const, fracao: teto.teto },
  ];
}

/**
 * The DAS split in centavos: each part rounded half up on its own, and the difference to the DAS (never
 * more than half a centavo per part) added to the part with the largest rate (the first one on a tie).
 * The largest part (most often the CPP) is the one least affected in relative terms, and a fixed rule
 * lets an accountant redo every other part by hand.
 */
export function repartir(valorCentavos: number, dasCentavos: number, partes: readonly Parte[]): ParcelaDas[] {
  const parcelas: ParcelaDas[] = partes.map((p) => ({ tributo: p.tributo, aliquota: aliquotaPublica(p.fracao), valorCentavos: aplicar(valorCentavos, p.fracao) }));
  const residuo = dasCentavos - parcelas.reduce((soma, p) => soma + p.valorCentavos, 0);
  if (residuo !== 0 && parcelas.length > 0) {
    let maior = 0;
    for (let i = 1; i < partes.length; i++) if (comparar(partes[i].fracao, partes[maior].fracao) > 0) maior = i;
    parcelas[maior] = { ...parcelas[maior], valorCentavos: parcelas[maior].valorCentavos + residuo, residuoCentavos: residuo };
  }
  return parcelas;
}

const FONTE_DAS = 'DAS do Simples Nacional (LC 123/2006 arts. 13 e 18)';
const FONTE_ISS_RETIDO = 'LC 123/2006 art. 21 §4º, redação da LC 155/2016';

/**
 * Simples Nacional: one DAS at the effective rate, from the annex tables when `anexoSimples` and
 * `receitaBruta12Meses` are given, else at the company's effective rate (default 6%). The split is shown
 * per tax; for an NFS-e the ISS share is an informative line, since it is paid inside the DAS. When the taker
 * withholds the ISS (`issRetido`), that share leaves the DAS and is the taker's to pay (art. 21 §4º).
 */
export function apurarSimplesNacional(a: Apuracao, fase: FaseTransicao): void {
  const e = a.entrada;
  const exportacao = e.cfop !== null && e.cfop.startsWith('7');
  if (fase.cbsIbs.modo === 'TESTE') {
    a.aviso('CBS/IBS de teste de 2026 não se aplicam ao Simples Nacional (LC 214/2025 art. 348 III c).');
  } else {
    a.aviso('A partir de 2027 a CBS e o IBS do optante pelo Simples Nacional estão dentro do DAS; a opção por pagá-los no regime regular não é simulada.');
  }
  ignorarReferenciasInformadas(a, 'o Simples Nacional não tem linhas de CBS e IBS');

  const limite = vigenteObrigatorio(LIMITES_SIMPLES, e.dataIso);
  if (e.rbt12Centavos !== null && e.rbt12Centavos > limite.limiteCentavos) {
    a.naoCalculavel(
      'DAS',
      ZERO,
      `${FONTE_DAS}.`,
      `A receita bruta dos 12 meses passa de ${textoReais(limite.limiteCentavos)}: a empresa está fora do Simples Nacional (${limite.fonte}).`,
    );
    return;
  }
  if ((e.anexo === null) !== (e.rbt12Centavos === null)) {
    a.aviso('Simples Nacional: a alíquota efetiva das tabelas exige anexoSimples e receitaBruta12Meses juntos; usada a alíquota efetiva da empresa.');
  }
  if (e.anexo !== null && e.rbt12Centavos !== null) {
    porAnexo(a, fase, e.anexo, e.rbt12Centavos, exportacao);
  } else {
    porAliquotaDaEmpresa(a, exportacao);
  }
}

function porAliquotaDaEmpresa(a: Apuracao, exportacao: boolean): void {
  const e = a.entrada;
  const origem = e.aliquotaDasInformada
    ? `alíquota efetiva configurada pela empresa (${textoPercentual(e.aliquotaDas)})`
    : `alíquota efetiva padrão da especificação (${textoPercentual(e.aliquotaDas)}), sem anexo e receita de 12 meses`;
  if (exportacao) {
    a.naoCalculavel('DAS', e.aliquotaDas, `${FONTE_DAS}.`, 'Na exportação o DAS exclui as parcelas de PIS, COFINS, IPI, ICMS e ISS (LC 123 art. 18 §14): informe anexoSimples e receitaBruta12Meses.');
    return;
  }
  if (e.issRetido) {
    const motivo = `Com o ISS retido pelo tomador a parte do ISS sai do DAS (${FONTE_ISS_RETIDO}), e ela depende do anexo e da faixa: informe anexoSimples e receitaBruta12Meses.`;
    a.naoCalculavel('DAS', e.aliquotaDas, `${FONTE_DAS}: ${origem}.`, motivo);
    a.naoCalculavel('ISS', ZERO, `ISS retido na fonte e pago pelo tomador do serviço (${FONTE_ISS_RETIDO}).`, motivo, true);
    return;
  }
  a.adicionar({ tributo: 'DAS', baseCentavos: e.valorCentavos, aliquota: e.aliquotaDas, valorCentavos: aplicar(e.valorCentavos, e.aliquotaDas), fundamento: `${FONTE_DAS}: ${origem}.` });
  if (e.tipoDocumento === 'NFSE') {
    a.naoCalculavel('ISS', ZERO, 'ISS dentro do DAS (LC 123/2006 art. 13 VIII); pago à parte só se retido pelo tomador (art. 21 §4º).', 'A parte do ISS no DAS depende do anexo e da faixa: informe anexoSimples e receitaBruta12Meses.', true);
  }
}

function porAnexo(a: Apuracao, fase: FaseTransicao, anexo: AnexoSimples, rbt12: number, exportacao: boolean): void {
  const e = a.entrada;
  const tabela = ANEXOS[anexo];
  const faixa = faixaDe(tabela, rbt12);
  const efetiva = aliquotaEfetiva(faixa, rbt12);
  const acimaDoSublimite = faixa.faixa === 6;
  // Above the sublimit the ISS is outside the DAS already; the withholding is then the normal one (apurarIss).
  const issRetidoDoDas = e.issRetido && !acimaDoSublimite;
  const comPartilha = vigeEm(VIGENCIA_PARTILHA, e.dataIso);
  const descricao = `Anexo ${anexo} (${tabela.fonte}), faixa ${faixa.faixa}: alíquota efetiva (RBT12 × ${textoPercentual(faixa.aliquotaNominal)} − ${textoReais(faixa.parcelaDeduzirCentavos)}) / RBT12 = ${textoPercentual(efetiva)} (LC 123/2006 art. 18 §1º-A)`;
  if (!comPartilha) {
    a.premissa('Simples Nacional a partir de 2027: alíquotas nominais e parcelas a deduzir da LC 155/2016 mantidas (a nova partilha com CBS/IBS não foi pesquisada).');
  }
  if (anexo === 'IV') a.aviso('Anexo IV: a CPP (contribuição patronal sobre a folha) é paga fora do DAS e não é simulada.');

  let partes: Parte[] | null = null;
  let issRetido: Parte | undefined;
  let texto = descricao;
  if (comPartilha) {
    partes = partesDaAliquota(tabela, faixa, efetiva);
    if (issRetidoDoDas) {
      issRetido = partes.find((p) => p.tributo === 'ISS');
      partes = partes.filter((p) => p.tributo !== 'ISS');
      texto += `; ISS retido pelo tomador: sem a parcela do ISS (${FONTE_ISS_RETIDO})`;
    }
    if (e.tipoDocumento === 'CTE') {
      // Cargo transport: annex III less its ISS share, plus annex I's ICMS share (LC 123 art. 18 §5º-E).
      const tabelaI = ANEXOS.I;
      const faixaI = faixaDe(tabelaI, rbt12);
      const icms = partesDaAliquota(tabelaI, faixaI, aliquotaEfetiva(faixaI, rbt12)).filter((p) => p.tributo === 'ICMS');
      partes = [...partes.filter((p) => p.tributo !== 'ISS'), ...icms];
      texto += '; transporte de cargas: sem a parcela do ISS e com a parcela do ICMS do Anexo I (LC 123/2006 art. 18 §5º-E)';
    }
    if (exportacao) {
      partes = partes.filter((p) => !SEM_NO_DAS_NA_EXPORTACAO.has(p.tributo));
      texto += '; exportação: sem as parcelas de PIS, COFINS, IPI, ICMS e ISS (LC 123/2006 art. 18 §14)';
    }
  } else if (e.tipoDocumento === 'CTE' || exportacao || issRetidoDoDas) {
    const motivo = 'O DAS deste documento depende da partilha entre os tributos, que não está embutida para operações a partir de 2027.';
    a.naoCalculavel('DAS', efetiva, `${FONTE_DAS}: ${descricao}.`, motivo);
    if (issRetidoDoDas) a.naoCalculavel('ISS', ZERO, `ISS retido na fonte e pago pelo tomador do serviço (${FONTE_ISS_RETIDO}).`, motivo, true);
    return;
  }

  const aliquota = partes ? partes.reduce((soma, p) => somar(soma, p.fracao), ZERO) : efetiva;
  const das = aplicar(e.valorCentavos, aliquota);
  a.adicionar({ tributo: 'DAS', baseCentavos: e.valorCentavos, aliquota, valorCentavos: das, fundamento: `${FONTE_DAS}: ${texto}.` });
  if (partes) a.partilhaDas = repartir(e.valorCentavos, das, partes);

  if (acimaDoSublimite && !exportacao) {
    a.aviso('Receita de 12 meses acima do sublimite de R$ 3.600.000,00: ICMS e ISS saem do DAS e seguem as regras normais (LC 123/2006 arts. 13-A e 20); supõe-se que a receita do ano também passou do sublimite.');
    if (e.tipoDocumento === 'NFSE') apurarIss(a, fase);
    else apurarIcms(a, fase);
    return;
  }
  if (issRetido) {
    // The taker applies the rate stated on the document to the price, on its own: not the DAS split's rounded part.
    a.premissa('ISS retido no Simples Nacional: alíquota efetiva do ISS da faixa da receitaBruta12Meses informada; a lei manda a do mês anterior ao da prestação (LC 123/2006 art. 21 §4º I) e 2% no mês de início de atividade (inciso II).');
    a.adicionar({
      tributo: 'ISS',
      baseCentavos: e.valorCentavos,
      aliquota: issRetido.fracao,
      valorCentavos: aplicar(e.valorCentavos, issRetido.fracao),
      retidoPeloTomador: true,
      fundamento: `ISS retido na fonte pelo tomador do serviço à alíquota efetiva do ISS da faixa (${textoPercentual(issRetido.fracao)}), fora do DAS (${FONTE_ISS_RETIDO}): pago pelo tomador, não é um pagamento da empresa.`,
    });
    return;
  }
  if (e.tipoDocumento === 'NFSE') {
    const fundamento = 'ISS dentro do DAS, mostrado à parte (LC 123/2006 arts. 13 VIII e 18); não é um segundo pagamento, salvo retenção pelo tomador (art. 21 §4º).';
    const iss = a.partilhaDas?.find((p) => p.tributo === 'ISS');
    const issParte = partes?.find((p) => p.tributo === 'ISS');
    if (iss && issParte) {
      a.adicionar({ tributo: 'ISS', baseCentavos: e.valorCentavos, aliquota: issParte.fracao, valorCentavos: iss.valorCentavos, informativo: true, fundamento });
    } else if (!exportacao) {
      a.naoCalculavel('ISS', ZERO, fundamento, 'A partilha do DAS a partir de 2027 não está embutida.', true);
    }
  }
}
