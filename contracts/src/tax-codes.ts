/**
 * The rule codes of a refused simulation field (`campos[].regra` of `SIMULACAO_INVALIDA`, over REST, GraphQL and
 * `tax.v1.calculate`). Programs branch on the code; `erro` says, for people, what is wrong or missing.
 */
export const CodigosCampoSimulacao = [
  'OBRIGATORIO',
  'TIPO_INVALIDO',
  'VALOR_NAO_PERMITIDO',
  'NAO_NUMERICO',
  'NEGATIVO',
  'NAO_POSITIVO',
  'ACIMA_DO_LIMITE',
  'FORA_DO_INTERVALO',
  'CASAS_DECIMAIS',
  'FORMATO_INVALIDO',
  'DATA_INEXISTENTE',
  'FORA_DO_PERIODO',
  'UF_DESCONHECIDA',
  'NCM_INVALIDO',
  'CFOP_INVALIDO',
  'CFOP_NAO_E_SAIDA',
  'CFOP_INCOERENTE_COM_UF',
  'ANEXO_INCOMPATIVEL',
  'NAO_SE_APLICA',
  /** `codigoServico` is not an item of the LC 116/2003 list (`NN.NN`, or the 6-digit national code). */
  'CODIGO_SERVICO_INVALIDO',
  /** Two fields contradict each other (a CST with a CSOSN, a CSOSN outside the Simples Nacional, ...). */
  'CAMPOS_INCOERENTES',
  /** `dataOperacao` before the company's start of activity (`inicioAtividade`). */
  'ANTERIOR_AO_INICIO_ATIVIDADE',
  /** An ICMS situation (CST/CSOSN) whose figures need inputs the engine does not have (ICMS-ST, base reduction, deferral). */
  'SITUACAO_ICMS_NAO_MODELADA',
  /** A product under a special IPI regime (cigarettes: rate on the retail price plus an amount per pack). */
  'REGIME_ESPECIAL_IPI',
  /** A fuel whose single-phase (monofásica) taxation the engine does not compute (producer or importer, fuels outside its table). */
  'COMBUSTIVEL_NAO_MODELADO',
  /** A DIFAL case the engine does not compute (a destination that uses the "base dupla", a CT-e, an ICMS situation without own ICMS). */
  'DIFAL_NAO_MODELADO',
  /** Only the service layer: a field the simulation input does not have (a misspelt name would be ignored otherwise). */
  'CAMPO_DESCONHECIDO',
] as const;
export type CodigoCampoSimulacao = (typeof CodigosCampoSimulacao)[number];
