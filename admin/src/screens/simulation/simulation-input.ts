import type { FieldError } from '../../api/field-errors';
import type { ModeloDocumento } from '../../api/operations/documents';
import type { RegimeTributario, SimularImpostosInput } from '../../api/operations/simulation';
import { todayInBrasilia } from '../../format';
import { codeDigits, parseDecimalBR } from '../../numbers-br';


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

type NumberField =
  | 'valor'
  | 'aliquotaIpi'
  | 'aliquotaIss'
  | 'receitaBruta12Meses'
  | 'comprasCreditaveis'
  | 'baseAcumuladaTrimestre'
  | 'receitaAcumuladaAno'
  | 'receitaExcedenteAno'
  | 'lucroRealTrimestre'
  | 'aliquotaIs'
  | 'aliquotaIcmsCompras'
  | 'aliquotaReferenciaCbs'
  | 'aliquotaIbsUf'
  | 'aliquotaIbsMun';
type TextField = 'tipoDocumento' | 'dataOperacao' | 'regime' | 'ufOrigem' | 'ufDestino' | 'ncm' | 'cfop' | 'atividade' | 'anexoSimples' | 'codigoServico' | 'inicioAtividade';
export type SimulationField = NumberField | TextField;

/** What a person reads for each field of the form, and for the field's key in the engine's notes. */
export const ROTULOS: Record<SimulationField | keyof SimulationFlags, string> = {
  tipoDocumento: 'Documento',
  valor: 'Valor da operação (R$)',
  dataOperacao: 'Data da operação',
  regime: 'Regime',
  ufOrigem: 'UF de origem',
  ufDestino: 'UF de destino',
  ncm: 'NCM',
  cfop: 'CFOP',
  aliquotaIss: 'Alíquota ISS (%)',
  atividade: 'Atividade (presunção do LP)',
  anexoSimples: 'Anexo do Simples',
  receitaBruta12Meses: 'Receita bruta 12 meses (R$)',
  comprasCreditaveis: 'Compras creditáveis (R$)',
  aliquotaReferenciaCbs: 'CBS de referência (%)',
  aliquotaIbsUf: 'IBS estadual (%)',
  aliquotaIbsMun: 'IBS municipal (%)',
  aliquotaIpi: 'Alíquota IPI (%)',
  baseAcumuladaTrimestre: 'Base IRPJ já acumulada no trimestre (R$)',
  receitaAcumuladaAno: 'Receita acumulada no ano (R$)',
  receitaExcedenteAno: 'Receita do ano já com a presunção acrescida (R$)',
  lucroRealTrimestre: 'Lucro real do trimestre (R$)',
  aliquotaIs: 'Imposto Seletivo (%)',
  aliquotaIcmsCompras: 'ICMS das compras (%)',
  codigoServico: 'Item da LC 116 (NFS-e)',
  inicioAtividade: 'Início da atividade',
  mercadoriaImportada: 'Mercadoria importada (ICMS interestadual 4%)',
  produtoZonaFrancaManaus: 'Produto incentivado da Zona Franca de Manaus',
  issRetido: 'NFS-e: o tomador retém o ISS na fonte',
  exportacaoServico: 'NFS-e: exportação de serviço (sem ISS, PIS, COFINS, CBS e IBS)',
};

const CHAVES = new RegExp(`\\b(${Object.keys(ROTULOS).join('|')})\\b`, 'g');

/**
 * The engine's notes name its input's keys for integrators ("ISS: aliquotaIss não informada"); the page puts the
 * field's label in their place ("ISS: “Alíquota ISS (%)” não informada").
 */
export const semChaves = (texto: string): string => texto.replace(CHAVES, (chave: string) => `“${ROTULOS[chave as keyof typeof ROTULOS]}”`);

/** The simulation form keeps what was typed, as text, under the input's field names. */
export type SimulationForm = Record<SimulationField, string>;

/** The boxes of the form: ticked is "yes"; unticked is "not said", not "no" (the engine would note it as ignored). */
export interface SimulationFlags {
  mercadoriaImportada: boolean;
  produtoZonaFrancaManaus: boolean;
  issRetido: boolean;
  exportacaoServico: boolean;
}

export const newSimulationFlags = (): SimulationFlags => ({ mercadoriaImportada: false, produtoZonaFrancaManaus: false, issRetido: false, exportacaoServico: false });

/**
 * The IBS of a year whose rate no norm has fixed yet (2029 on) is "not computable" until the simulation or the
 * company's reference rates give it: the field of the form that gives it, per line.
 */
export const CAMPO_ALIQUOTA_IBS: Record<string, SimulationField> = { IBS_UF: 'aliquotaIbsUf', IBS_MUN: 'aliquotaIbsMun' };

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
  codigoServico: '',
  inicioAtividade: '',
  aliquotaIpi: '',
  aliquotaIss: '',
  receitaBruta12Meses: '',
  comprasCreditaveis: '',
  baseAcumuladaTrimestre: '',
  receitaAcumuladaAno: '',
  receitaExcedenteAno: '',
  lucroRealTrimestre: '',
  aliquotaIs: '',
  aliquotaIcmsCompras: '',
  aliquotaReferenciaCbs: '',
  aliquotaIbsUf: '',
  aliquotaIbsMun: '',
});

/**
 * The GraphQL input of the form (a blank field is left out: the company's settings or the engine's default
 * apply), and the numbers that are not numbers. A comparison sends no regime: it simulates all three.
 */
export function simulationInput(form: SimulationForm, flags: SimulationFlags, compare: boolean): { input: SimularImpostosInput; localErrors: FieldError[] } {
  const localErrors: FieldError[] = [];
  const text = (field: TextField) => (form[field].trim() === '' ? undefined : form[field].trim());
  const number = (field: NumberField): number | undefined => {
    const n = parseDecimalBR(form[field]);
    if (n === undefined) localErrors.push({ campo: field, regra: 'NAO_NUMERICO', erro: 'deve ser um número, como 1.200,00' });
    return n ?? undefined;
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
    receitaExcedenteAno: number('receitaExcedenteAno'),
    lucroRealTrimestre: number('lucroRealTrimestre'),
    aliquotaIs: number('aliquotaIs'),
    aliquotaIcmsCompras: number('aliquotaIcmsCompras'),
    aliquotaReferenciaCbs: number('aliquotaReferenciaCbs'),
    aliquotaIbsUf: number('aliquotaIbsUf'),
    aliquotaIbsMun: number('aliquotaIbsMun'),
    dataOperacao: text('dataOperacao'),
    regime: compare ? undefined : (text('regime') as RegimeTributario | undefined),
    ufOrigem: text('ufOrigem'),
    ufDestino: text('ufDestino'),
    ncm: text('ncm') && codeDigits(form.ncm),
    cfop: text('cfop') && codeDigits(form.cfop),
    atividade: text('atividade'),
    anexoSimples: text('anexoSimples'),
    codigoServico: text('codigoServico'),
    inicioAtividade: text('inicioAtividade'),
    mercadoriaImportada: flags.mercadoriaImportada || undefined,
    produtoZonaFrancaManaus: flags.produtoZonaFrancaManaus || undefined,
    issRetido: flags.issRetido || undefined,
    exportacaoServico: flags.exportacaoServico || undefined,
  };
  if (form.valor.trim() === '') localErrors.push({ campo: 'valor', regra: 'OBRIGATORIO', erro: 'informe o valor da operação' });
  return { input, localErrors };
}
