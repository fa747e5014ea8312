export { PACOTES, NOMES_PACOTES, type NomePacote, type Pacote } from './pacotes';
export { aplicarCorrecao, type Correcao } from './correcoes';
export { arquivosListados, divergencias, type ArquivoListado } from './fonte';
export {
  validarXml,
  canonicalizarAssinatura,
  encerrarValidador,
  arquivosDoPacote,
  pastaDoPacote,
  type ErroSchema,
  type ResultadoValidacao,
  type CanonicoAssinatura,
} from './validador';
