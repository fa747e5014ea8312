export { BRASILIA_OFFSET_MS, anoMesBrasilia, dataBrasilia, dataHoraBrasilia, instanteBrasilia, relogioBrasilia } from './brasilia';
export {
  CamposInvalidos,
  caminho,
  camposDesconhecidos,
  ehObjeto,
  lerEndereco,
  lerInscricaoEstadual,
  lerInteiro,
  lerTexto,
  temControle,
  vazio,
  type Objeto,
} from './campos';
export { modulo11Digit } from './check-digit';
export { cnpjProblem, normalizeCnpj, withCnpjCheckDigits, type CnpjProblem } from './cnpj';
export { cpfProblem, normalizeCpf, withCpfCheckDigits, type CpfProblem } from './cpf';
export { IBGE_EXCEPTION_CODES, ibgeCheckDigit, municipioProblem, type MunicipioProblem } from './ibge';
export { UFS, cUfFromMunicipio, cUfFromSigla, ehSiglaUf, regiaoDaUf, siglaFromCUf, type Regiao, type SiglaUf } from './uf';
export { ITENS_LC116, descricaoServico, interpretarCodigoServico, type CodigoServico, type ProblemaLc116 } from './lc116';
export {
  PRAZOS_CANCELAMENTO,
  PRAZO_CANCELAMENTO_SUBSTITUICAO_NFCE,
  PRAZOS_EMPRESA_LIMITES,
  competenciaDe,
  prazoCancelamento,
  type ModeloFiscal,
  type PrazosCancelamentoEmpresa,
  type RegraPrazo,
} from './cancellation-deadlines';
