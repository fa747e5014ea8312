export { validarEmissao, type ResultadoValidacao } from './input';
export { impressaoDaEntrada, referenciaDaEntrada } from './fingerprint';
export {
  MAX_ITENS,
  MODALIDADES_FRETE,
  REFERENCIA_MAX,
  type ContextoEmissao,
  type DestinatarioValido,
  type EmissaoValida,
  type EnderecoDestinatario,
  type ItemValido,
  type ModalidadeFrete,
} from './types';
export { type DadosCte, type MunicipioCte, type ParteCte } from './cte';
