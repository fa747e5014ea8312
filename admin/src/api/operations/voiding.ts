import type * as G from '../generated';
import { operation } from '../operation';

export type Inutilizacao = G.InutilizarNumeracaoMutation['inutilizarNumeracao'];

/** Voids a range of unused numbers of a series at SEFAZ (admin): event inutNFe / inutCTe, with its protocol. */
export const INUTILIZAR_NUMERACAO = operation<G.InutilizarNumeracaoMutation, G.InutilizarNumeracaoMutationVariables>(/* GraphQL */ `
  mutation InutilizarNumeracao($modelo: ModeloDocumento!, $serie: Int!, $de: Int!, $ate: Int!, $justificativa: String!) {
    inutilizarNumeracao(modelo: $modelo, serie: $serie, de: $de, ate: $ate, justificativa: $justificativa) {
      id modelo serie de ate situacao cStat motivo protocolo inutilizadaEm
    }
  }`);
