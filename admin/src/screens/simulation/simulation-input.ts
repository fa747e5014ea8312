import type { FieldError } from '../../api/field-errors';
import type { ModeloDocumento } from '../../api/operations/documents';
import type { RegimeTributario, SimularImpostosInput } from '../../api/operations/simulation';
import { todayInBrasilia } from '../../format';

export const REGIMES: Record<RegimeTributario, string> = { SIMPLES_NACIONAL: 'Simples Nacional', LUCRO_PRESUMIDO: 'Lucro Presumido', LUCRO_REAL: 'Lucro Real' };

/** The presumption classes of the Lucro Presumido the form offers (`atividade`). */
export const ATIVIDADES: Record<string, string> = {
  MERCADORIAS: 'Venda de mercadorias, indústria',
  SERVICOS: 'Serviços em geral',
  TRANSPORTE_CARGA: 'Transporte de cargas',
  TRANSPORTE_PASSAGEIROS: 'Transporte de passageiros',
  SERVICOS_HOSPITALARES: 'Serviços hospitalares',
  CONSTRUCAO_COM_MATERIAIS: 'Construção com materiais',
  COMBUSTIVEIS: 'Revenda de combustíveis',
};

type NumberField = 'valor' | 'aliquotaIpi' | 'aliquotaIss' | 'receitaBruta12Meses' | 'comprasCreditaveis' | 'baseAcumuladaTrimestre' | 'receitaAcumuladaAno' | 'lucroRealTrimestre' | 'aliquotaIs' | 'aliquotaIcmsCompras';
type TextField = 'tipoDocumento' | 'dataOperacao' | 'regime' | 'ufOrigem' | 'ufDestino' | 'ncm' | 'cfop' | 'atividade' | 'anexoSimples';
export type SimulationField = NumberField | TextField;

/** The simulation form keeps what was typed, as text, under the input's field names. */
export type SimulationForm = Record<SimulationField, string>;

/** The boxes of the form: ticked is "yes"; unticked is "not said", not "no" (the engine would note it as ignored). */
export interface SimulationFlags {
  mercadoriaImportada: boolean;
  produtoZonaFrancaManaus: boolean;
}

export const newSimulationForm = (): SimulationForm => ({
  tipoDocumento: 'NFSE',
  valor: '',
  dataOperacao: todayInBrasilia(),
  regime: '',
  ufOrigem: '',
  ufDestino: '',
  ncm: '',
  cfop: '',
  atividade: '',
  anexoSimples: '',
  aliquotaIpi: '',
  aliquotaIss: '',
  receitaBruta12Meses: '',
  comprasCreditaveis: '',
  baseAcumuladaTrimestre: '',
  receitaAcumuladaAno: '',
  lucroRealTrimestre: '',
  aliquotaIs: '',
  aliquotaIcmsCompras: '',
});

/**
 * The GraphQL input of the form (a blank field is left out: the company's settings or the engine's default
 * apply), and the numbers that are not numbers. A comparison sends no regime: it simulates all three.
 */
export function simulationInput(form: SimulationForm, flags: SimulationFlags, compare: boolean): { input: SimularImpostosInput; localErrors: FieldError[] } {
  const localErrors: FieldError[] = [];
  const text = (field: TextField) => (form[field].trim() === '' ? undefined : form[field].trim());
  const number = (field: NumberField): number | undefined => {
    // Brazilian "1.234,56" or plain "1234.56".
    const raw = form[field].trim();
    const plain = raw.includes(',') ? raw.replace(/\./g, '').replace(',', '.') : raw;
    if (plain === '') return undefined;
    const n = Number(plain);
    if (Number.isFinite(n)) return n;
    localErrors.push({ campo: field, regra: 'NAO_NUMERICO', erro: 'deve ser um número' });
    return undefined;
  };
  const input: SimularImpostosInput = {
    // The selects offer only the enums' values.
    tipoDocumento: form.tipoDocumento as ModeloDocumento,
    valor: number('valor') ?? 0,
    aliquotaIpi: number('aliquotaIpi'),
    aliquotaIss: number('aliquotaIss'),
    receitaBruta12Meses: number('receitaBruta12Meses'),
    comprasCreditaveis: number('comprasCreditaveis'),
    baseAcumuladaTrimestre: number('baseAcumuladaTrimestre'),
    receitaAcumuladaAno: number('receitaAcumuladaAno'),
    lucroRealTrimestre: number('lucroRealTrimestre'),
    aliquotaIs: number('aliquotaIs'),
    aliquotaIcmsCompras: number('aliquotaIcmsCompras'),
    dataOperacao: text('dataOperacao'),
    regime: compare ? undefined : (text('regime') as RegimeTributario | undefined),
    ufOrigem: text('ufOrigem'),
    ufDestino: text('ufDestino'),
    ncm: text('ncm'),
    cfop: text('cfop'),
    atividade: text('atividade'),
    anexoSimples: text('anexoSimples'),
    mercadoriaImportada: flags.mercadoriaImportada || undefined,
    produtoZonaFrancaManaus: flags.produtoZonaFrancaManaus || undefined,
  };
  if (form.valor.trim() === '') localErrors.push({ campo: 'valor', regra: 'OBRIGATORIO', erro: 'informe o valor da operação' });
  return { input, localErrors };
}
