import type * as G from '../generated';
import { operation } from '../operation';

export type LoteImportacao = G.LoteImportacaoFieldsFragment;
export type LinhaRecusada = G.LinhaRecusadaFieldsFragment;

const LOTE_IMPORTACAO_FIELDS = /* GraphQL */ `
  fragment LoteImportacaoFields on LoteImportacao {
    loteId entidade origem prefixoToken modo totalLinhas gravadas recusadas duplicadas recebidoEm duracaoMs
    linhasComAviso { linha aviso }
  }`;
const LINHA_RECUSADA_FIELDS = /* GraphQL */ `fragment LinhaRecusadaFields on LinhaRecusada { linha valores erros }`;

export const HISTORICO_IMPORTACOES = operation<G.HistoricoImportacoesQuery, G.HistoricoImportacoesQueryVariables>(/* GraphQL */ `
  query HistoricoImportacoes($entidade: String, $primeiros: Int, $depois: String) {
    historicoImportacoes(entidade: $entidade, primeiros: $primeiros, depois: $depois) { itens { ...LoteImportacaoFields } proximo }
  }
  ${LOTE_IMPORTACAO_FIELDS}`);

/** One batch with its refused rows: the list reads only the counts. */
export const LOTE_IMPORTACAO = operation<G.LoteImportacaoQuery, G.LoteImportacaoQueryVariables>(/* GraphQL */ `
  query LoteImportacao($loteId: ID!) { loteImportacao(loteId: $loteId) { loteId linhasRecusadas { ...LinhaRecusadaFields } } }
  ${LINHA_RECUSADA_FIELDS}`);
