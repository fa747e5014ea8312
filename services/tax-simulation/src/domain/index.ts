/**
 * Public surface of the tax-simulation domain: pure rules, no I/O. `simular` and `compararRegimes` are the
 * entry points; the calendar and due-date functions are exported for callers that need a business day.
 */
export type * from './tipos';
export { TIPOS_DOCUMENTO, REGIMES, TRIBUTOS, ANEXOS_SIMPLES, CODIGOS_ERRO } from './tipos';
export { simular, compararRegimes, calcular, simularDocumento } from './simular';
export { validarEntrada, LIMITE_DINHEIRO_CENTAVOS, DATA_MINIMA, DATA_MAXIMA, type Validacao } from './validacao';
export { type EntradaNormalizada } from './entrada';
export { ehDiaUtil, prorrogar, antecipar, ultimoDiaUtilDoMes, pascoa } from './calendario';
export { vencimentoMensal, vencimentoTrimestral, vencimentoPelaRegraAtual } from './vencimentos';
export { diaDe, paraIso, lerIso, type Dia } from './datas';
export { PRESUNCOES, type Atividade } from './data/lucro-presumido';
