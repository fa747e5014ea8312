import { Apuracao, aliquotaPublica } from './apuracao';
import { CFOPS_REMESSA } from './data/remessa';
import { FASES_TRANSICAO } from './data/transicao';
import { type EntradaNormalizada } from './input';
import { fracao } from './fraction';
import { apurarRegimeNormal } from './regime-normal';
import { apurarSimplesNacional } from './simples-nacional';
import { trimestreDe } from './dates';
import { REGIMES, type Comparacao, type OpcoesSimulacao, type ResultadoSimulacao, type Simulacao, type SimulacaoDocumento } from './types';
import { validarEntrada } from './validation';
import { emVigor, vigenteObrigatorio } from './validity';

/**
 * The taxes one operation generates, by its date, document and regime. Takes any value: an invalid
 * operation comes back as the list of every invalid field, never as an exception.
 */
export function simular(entrada: unknown, opcoes?: OpcoesSimulacao | null): Simulacao {
  const validacao = validarEntrada(entrada, opcoes);
  return validacao.ok ? { ok: true, resultado: calcular(validacao.entrada) } : validacao;
}

/** The same operation under Simples Nacional, Lucro Presumido and Lucro Real, in that order. */
export function compararRegimes(entrada: unknown, opcoes?: OpcoesSimulacao | null): Comparacao {
  const validacao = validarEntrada(entrada, opcoes, false);
  if (!validacao.ok) return validacao;
  return { ok: true, resultados: REGIMES.map((regime) => calcular({ ...validacao.entrada, regime })) };
}

/**
 * The operations of one document (its items), in order: each is taxed like a simulation, except that the
 * Lucro Presumido figures that run through a quarter or a year (`baseAcumuladaTrimestre`, `receitaAcumuladaAno`,
 * `receitaExcedenteAno`) carry what the earlier operations of the same quarter or year added, so the IRPJ
 * additional and the LC 224 surcharge the items add up to are the whole document's (an item's own figures
 * are those before the document). Each item's lines stay rounded on their own. An item without `receitaBrutaMes`
 * takes the document's revenue of its month (the Simples Nacional month of start of activity).
 */
export function simularDocumento(operacoes: readonly unknown[], opcoes?: OpcoesSimulacao | null): SimulacaoDocumento {
  const validacoes = operacoes.map((operacao) => validarEntrada(operacao, opcoes));
  const erros = validacoes.flatMap((v, indice) => (v.ok ? [] : [{ indice, erros: v.erros }]));
  if (erros.length > 0) return { ok: false, erros };
  const basePorTrimestre = new Map<string, number>();
  const receitaPorAno = new Map<number, number>();
  const excedentePorAno = new Map<number, number>();
  const entradas = validacoes.flatMap((v) => (v.ok ? [v.entrada] : []));
  // The month's revenue (the Simples Nacional start of activity) is at least the document's of that month.
  const receitaDoMes = new Map<string, number>();
  for (const e of entradas) receitaDoMes.set(`${e.ano}-${e.mes}`, (receitaDoMes.get(`${e.ano}-${e.mes}`) ?? 0) + e.valorCentavos);
  const resultados = entradas.map((e) => {
    const trimestre = `${e.ano}-${trimestreDe(e.mes)}`;
    const resultado = calcular({
      ...e,
      receitaBrutaMesCentavos: e.receitaBrutaMesCentavos ?? receitaDoMes.get(`${e.ano}-${e.mes}`) ?? null,
      baseAcumuladaTrimestreCentavos: e.baseAcumuladaTrimestreCentavos + (basePorTrimestre.get(trimestre) ?? 0),
      receitaAcumuladaAnoCentavos: e.receitaAcumuladaAnoCentavos + (receitaPorAno.get(e.ano) ?? 0),
      receitaExcedenteAnoCentavos: e.receitaExcedenteAnoCentavos + (excedentePorAno.get(e.ano) ?? 0),
    });
    if (resultado.acumulados) {
      // The running figures after this operation, less the item's own starting figures: what the document added so far.
      basePorTrimestre.set(trimestre, resultado.acumulados.baseTrimestreCentavos - e.baseAcumuladaTrimestreCentavos);
      receitaPorAno.set(e.ano, resultado.acumulados.receitaAnoCentavos - e.receitaAcumuladaAnoCentavos);
      excedentePorAno.set(e.ano, resultado.acumulados.receitaExcedenteAnoCentavos - e.receitaExcedenteAnoCentavos);
    }
    return resultado;
  });
  return { ok: true, resultados };
}

/** The calculation proper, on an operation `validarEntrada` accepted. */
export function calcular(entrada: EntradaNormalizada): ResultadoSimulacao {
  const fase = vigenteObrigatorio(FASES_TRANSICAO, entrada.dataIso);
  // From 2033 there is no ISS to withhold.
  const semIss = entrada.issRetido && fase.fatorIcmsIss === null;
  const e = semIss ? { ...entrada, issRetido: false } : entrada;
  const a = new Apuracao(e);
  if (semIss) a.aviso(`issRetido: o ISS está extinto nesta data (${fase.fonte}); ignorado.`);
  for (const campo of e.ignorados) a.aviso(`${campo}: não se aplica a ${e.tipoDocumento}; ignorado.`);
  const cfop = e.cfop;
  const remessa = e.tipoDocumento === 'NFE' && cfop !== null ? emVigor(CFOPS_REMESSA.filter((r) => r.cfops.includes(cfop)), e.dataIso) : undefined;
  if (remessa) {
    a.aviso(`CFOP ${cfop}: ${remessa.operacao} — sem transferência de propriedade nem receita, nenhum tributo sobre o valor do produto (${remessa.fonte}).`);
  } else if (e.regime === 'SIMPLES_NACIONAL') {
    apurarSimplesNacional(a, fase);
  } else {
    apurarRegimeNormal(a, fase);
  }
  return fechar(a);
}

function fechar(a: Apuracao): ResultadoSimulacao {
  const e = a.entrada;
  const linhas = a.linhasOrdenadas();
  const totalDevidoCentavos = linhas.reduce((soma, l) => (l.informativo || l.naoCalculavel ? soma : soma + l.valorCentavos), 0);
  return {
    tipoDocumento: e.tipoDocumento,
    regime: e.regime,
    dataOperacao: e.dataIso,
    valorCentavos: e.valorCentavos,
    linhas,
    totalDevidoCentavos,
    cargaEfetiva: aliquotaPublica(fracao(BigInt(totalDevidoCentavos), BigInt(e.valorCentavos))),
    // An informative line that cannot be computed leaves the total intact.
    completo: !linhas.some((l) => l.naoCalculavel && !l.informativo),
    partilhaDas: a.partilhaDas,
    acumulados: a.acumulados,
    difal: a.difal,
    icms: a.icms,
    avisos: a.avisos,
    premissas: a.premissas,
  };
}
