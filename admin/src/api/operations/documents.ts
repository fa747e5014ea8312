import type * as G from '../generated';
import { operation } from '../operation';

export type DocumentoFiscal = G.DocumentoFiscalFieldsFragment;
export type ModeloDocumento = G.ModeloDocumento;
/** The search's model: the documents' models and CTEOS (the CT-e OS, model 67; CTE is then model 57 only). */
export type ModeloBusca = G.ModeloBusca;
export type SituacaoDocumento = G.SituacaoDocumento;
export type EmitirDocumentoFiscalInput = G.EmitirDocumentoFiscalInput;
export type EnderecoDestinatarioInput = G.EnderecoDestinatarioInput;
export type PagamentoInput = G.PagamentoInput;

const DOCUMENTO_FISCAL_FIELDS = /* GraphQL */ `
  fragment DocumentoFiscalFields on DocumentoFiscal {
    id referencia modelo serie numero chaveAcesso situacao ambiente emitidoEm autorizadoEm protocolo cStat motivo
    emitenteCnpj destinatarioDocumento destinatarioNome valorTotal impostos { tributo base aliquota valor informativo } simplesRemessa
    prazoCancelamento canceladoEm justificativaCancelamento protocoloCancelamento entregueEm servicoIniciadoEm competencia
    chaveNfseSubstituida chaveSubstituta
  }`;

export const DOCUMENTOS_FISCAIS = operation<G.DocumentosFiscaisQuery, G.DocumentosFiscaisQueryVariables>(/* GraphQL */ `
  query DocumentosFiscais(
    $modelo: ModeloBusca, $situacao: SituacaoDocumento, $emitidoDe: String, $emitidoAte: String, $cliente: String, $numero: Int,
    $chaveAcesso: String, $referencia: String, $primeiros: Int, $depois: String
  ) {
    documentosFiscais(
      modelo: $modelo, situacao: $situacao, emitidoDe: $emitidoDe, emitidoAte: $emitidoAte, cliente: $cliente, numero: $numero,
      chaveAcesso: $chaveAcesso, referencia: $referencia, primeiros: $primeiros, depois: $depois
    ) {
      itens { ...DocumentoFiscalFields }
      proximo
    }
  }
  ${DOCUMENTO_FISCAL_FIELDS}`);

export const DOCUMENTO_FISCAL = operation<G.DocumentoFiscalQuery, G.DocumentoFiscalQueryVariables>(/* GraphQL */ `
  query DocumentoFiscal($id: ID!) { documentoFiscal(id: $id) { ...DocumentoFiscalFields } }
  ${DOCUMENTO_FISCAL_FIELDS}`);

export const EMITIR_DOCUMENTO_FISCAL = operation<G.EmitirDocumentoFiscalMutation, G.EmitirDocumentoFiscalMutationVariables>(/* GraphQL */ `
  mutation EmitirDocumentoFiscal($input: EmitirDocumentoFiscalInput!) { emitirDocumentoFiscal(input: $input) { ...DocumentoFiscalFields } }
  ${DOCUMENTO_FISCAL_FIELDS}`);

export const CANCELAR_DOCUMENTO_FISCAL = operation<G.CancelarDocumentoFiscalMutation, G.CancelarDocumentoFiscalMutationVariables>(/* GraphQL */ `
  mutation CancelarDocumentoFiscal($id: ID!, $justificativa: String!, $chNFeRef: String, $motivo: String) {
    cancelarDocumentoFiscal(id: $id, justificativa: $justificativa, chNFeRef: $chNFeRef, motivo: $motivo) { ...DocumentoFiscalFields }
  }
  ${DOCUMENTO_FISCAL_FIELDS}`);

export const REGISTRAR_ENTREGA = operation<G.RegistrarEntregaMutation, G.RegistrarEntregaMutationVariables>(/* GraphQL */ `
  mutation RegistrarEntrega($id: ID!) { registrarEntrega(id: $id) { ...DocumentoFiscalFields } }
  ${DOCUMENTO_FISCAL_FIELDS}`);

export const REGISTRAR_INICIO_SERVICO = operation<G.RegistrarInicioServicoMutation, G.RegistrarInicioServicoMutationVariables>(/* GraphQL */ `
  mutation RegistrarInicioServico($id: ID!) { registrarInicioServico(id: $id) { ...DocumentoFiscalFields } }
  ${DOCUMENTO_FISCAL_FIELDS}`);

export type DetalheDocumentoFiscal = NonNullable<G.DetalheDocumentoFiscalQuery['detalheDocumentoFiscal']>;

/** The detail route's extra reading: recipient, items with their taxes, events and files. */
export const DETALHE_DOCUMENTO_FISCAL = operation<G.DetalheDocumentoFiscalQuery, G.DetalheDocumentoFiscalQueryVariables>(/* GraphQL */ `
  query DetalheDocumentoFiscal($id: ID!) {
    detalheDocumentoFiscal(id: $id) {
      destinatario { documento tipoDocumento nome uf codigoMunicipio inscricaoEstadual logradouro numero complemento bairro municipio cep }
      itens {
        numero codigo descricao quantidade unidade valorUnitario valorTotal ncm cfop cst csosn cest codigoServico aliquotaIss
        impostos { tributo base aliquota valor informativo }
      }
      eventos { tipo descricao em protocolo detalhe }
      arquivos { tipo nome caminho }
    }
  }`);

export type StatusSefaz = G.StatusSefazQuery['statusSefaz'];
export type ModeloSefaz = G.ModeloSefaz;

/** Whether SEFAZ serves the company now (admin): NFeStatusServico4 (CT-e, CT-e OS: CTeStatusServicoV4) of its UF, environment and model. */
export const STATUS_SEFAZ = operation<G.StatusSefazQuery, G.StatusSefazQueryVariables>(/* GraphQL */ `
  query StatusSefaz($modelo: ModeloSefaz) { statusSefaz(modelo: $modelo) { uf modelo ambiente autorizador cStat motivo emOperacao consultadoEm } }`);
