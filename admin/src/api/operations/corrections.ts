import type * as G from '../generated';
import { operation } from '../operation';

export type CartaCorrecao = G.CartasCorrecaoQuery['cartasCorrecao'][number];
export type AlteracaoCteInput = G.AlteracaoCteInput;

/** The document's registered correction letters (CC-e, event 110110), oldest first. */
export const CARTAS_CORRECAO = operation<G.CartasCorrecaoQuery, G.CartasCorrecaoQueryVariables>(/* GraphQL */ `
  query CartasCorrecao($id: ID!) { cartasCorrecao(id: $id) { documentoId sequencia correcao protocolo registradaEm cStat motivo } }`);

/** Registers a letter (admin): the NF-e's text in `correcao`, the CT-e's changes in `alteracoes`. */
export const REGISTRAR_CARTA_CORRECAO = operation<G.RegistrarCartaCorrecaoMutation, G.RegistrarCartaCorrecaoMutationVariables>(/* GraphQL */ `
  mutation RegistrarCartaCorrecao($id: ID!, $correcao: String, $alteracoes: [AlteracaoCteInput!]) {
    registrarCartaCorrecao(id: $id, correcao: $correcao, alteracoes: $alteracoes) { documentoId sequencia correcao protocolo registradaEm cStat motivo }
  }`);
