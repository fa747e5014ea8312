import type * as G from '../generated';
import { operation } from '../operation';

export type SimulacaoImposto = G.SimulacaoImpostoFieldsFragment;
export type RegimeTributario = G.RegimeTributario;
export type SimularImpostosInput = G.SimularImpostosInput;

const SIMULACAO_IMPOSTO_FIELDS = /* GraphQL */ `
  fragment SimulacaoImpostoFields on SimulacaoImposto {
    id tipoDocumento regime dataOperacao valor totalDevido cargaEfetiva completo provisionada pendentesDeVencimento avisos premissas
    linhas { tributo base aliquota valor informativo vencimento fundamento naoCalculavel motivo }
    titulos { id tributo valor vencimento competencia credor codigoReceita }
    partilhaDas { tributo aliquota valor residuo }
  }`;

export const SIMULAR_IMPOSTOS = operation<G.SimularImpostosMutation, G.SimularImpostosMutationVariables>(/* GraphQL */ `
  mutation SimularImpostos($input: SimularImpostosInput!) { simularImpostos(input: $input) { ...SimulacaoImpostoFields } }
  ${SIMULACAO_IMPOSTO_FIELDS}`);

export const COMPARAR_REGIMES = operation<G.CompararRegimesMutation, G.CompararRegimesMutationVariables>(/* GraphQL */ `
  mutation CompararRegimes($input: SimularImpostosInput!) { compararRegimes(input: $input) { ...SimulacaoImpostoFields } }
  ${SIMULACAO_IMPOSTO_FIELDS}`);

export const PROVISIONAR_IMPOSTOS = operation<G.ProvisionarImpostosMutation, G.ProvisionarImpostosMutationVariables>(/* GraphQL */ `
  mutation ProvisionarImpostos($id: ID!) { provisionarImpostos(simulacaoId: $id) { ...SimulacaoImpostoFields } }
  ${SIMULACAO_IMPOSTO_FIELDS}`);
