/**
 * Public surface of the tax-simulation domain: pure rules, no I/O. `simular` and `compararRegimes` are the
 * entry points; the calendar and due-date functions are exported for callers that need a business day.
 */
export type * from './types';
export { TIPOS_DOCUMENTO, REGIMES, TRIBUTOS, ANEXOS_SIMPLES, CODIGOS_ERRO } from './types';
export { simular, compararRegimes, calcular, simularDocumento } from './simular';
export { validarEntrada, LIMITE_DINHEIRO_CENTAVOS, DATA_MINIMA, DATA_MAXIMA, type Validacao } from './validation';
export { type EntradaNormalizada } from './input';
export { ehDiaUtil, prorrogar, antecipar, ultimoDiaUtilDoMes, pascoa } from './calendar';
export { vencimentoMensal, vencimentoTrimestral, vencimentoPelaRegraAtual } from './vencimentos';
export { diaDe, paraIso, lerIso, type Dia } from './dates';
export { PRESUNCOES, type Atividade } from './data/lucro-presumido';
