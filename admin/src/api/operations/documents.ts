import type * as G from '../generated';
import { operation } from '../operation';

export type DocumentoFiscal = G.DocumentoFiscalFieldsFragment;
export type ModeloDocumento = G.ModeloDocumento;
export type SituacaoDocumento = G.SituacaoDocumento;
export type EmitirDocumentoFiscalInput = G.EmitirDocumentoFiscalInput;
export type EnderecoDestinatarioInput = G.EnderecoDestinatarioInput;

const DOCUMENTO_FISCAL_FIELDS = /* GraphQL */ `
  fragment DocumentoFiscalFields on DocumentoFiscal {
    id referencia modelo serie numero chaveAcesso situacao ambiente emitidoEm autorizadoEm protocolo cStat motivo
    emitenteCnpj destinatarioDocumento valorTotal impostos { tributo base aliquota valor informativo } simplesRemessa
    prazoCancelamento canceladoEm justificativaCancelamento protocoloCancelamento entregueEm servicoIniciadoEm competencia
  }`;

export const DOCUMENTOS_FISCAIS = operation<G.DocumentosFiscaisQuery, G.DocumentosFiscaisQueryVariables>(/* GraphQL */ `
  query DocumentosFiscais($modelo: ModeloDocumento, $situacao: SituacaoDocumento, $primeiros: Int, $depois: String) {
    documentosFiscais(modelo: $modelo, situacao: $situacao, primeiros: $primeiros, depois: $depois) {
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
  mutation CancelarDocumentoFiscal($id: ID!, $justificativa: String!) {
    cancelarDocumentoFiscal(id: $id, justificativa: $justificativa) { ...DocumentoFiscalFields }
  }
  ${DOCUMENTO_FISCAL_FIELDS}`);

export const REGISTRAR_ENTREGA = operation<G.RegistrarEntregaMutation, G.RegistrarEntregaMutationVariables>(/* GraphQL */ `
  mutation RegistrarEntrega($id: ID!) { registrarEntrega(id: $id) { ...DocumentoFiscalFields } }
  ${DOCUMENTO_FISCAL_FIELDS}`);

export const REGISTRAR_INICIO_SERVICO = operation<G.RegistrarInicioServicoMutation, G.RegistrarInicioServicoMutationVariables>(/* GraphQL */ `
  mutation RegistrarInicioServico($id: ID!) { registrarInicioServico(id: $id) { ...DocumentoFiscalFields } }
  ${DOCUMENTO_FISCAL_FIELDS}`);
