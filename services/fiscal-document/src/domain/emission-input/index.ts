export { validarEmissao, type ResultadoValidacao } from './input';
export { impressaoDaEntrada, referenciaDaEntrada } from './fingerprint';
export {
  MAX_ITENS,
  MODALIDADES_FRETE,
  REFERENCIA_MAX,
  type ContextoEmissao,
  type DestinatarioExterior,
  type DestinatarioValido,
  type Exportacao,
  type EmissaoValida,
  type EnderecoDestinatario,
  type ItemValido,
  type IcmsStInformado,
  type ModalidadeFrete,
  type PagamentoValido,
  type SimplesNacionalInformado,
} from './types';
export { type DadosCte, type MunicipioCte, type ParteCte } from './cte';
export { type DadosCteOs } from './cte-os';
