import { gql } from '@erp/kit';

export const typeDefs = gql`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7")

  "Instante ISO-8601 (UTC)."
  scalar DateTime

  enum ModoIngestao {
    UPSERT
    INSERT
  }

  type Query {
    "Lotes gravados pela API de ingestão na empresa da sessão, do mais recente ao mais antigo (administradores)."
    historicoImportacoes(entidade: String, primeiros: Int = 50, depois: String): ConexaoLotes!
    "Um lote do histórico da empresa da sessão, com as linhas recusadas; nulo quando a empresa não tem este lote (administradores)."
    loteImportacao(loteId: ID!): LoteImportacao
    "As entidades da API de ingestão com o nome de exibição de cada uma, o mesmo da descoberta (administradores)."
    entidadesIngestaoComNome: [EntidadeIngestao!]!
    "Registros ingeridos de uma entidade na empresa da sessão, do mais recente ao mais antigo (administradores)."
    registrosIngeridos(entidade: String!, primeiros: Int = 50, depois: String): ConexaoRegistros!
  }

  type EntidadeIngestao {
    "Identificador da entidade, o do caminho da API (incidente_seguranca)."
    entidade: String!
    "Nome de exibição (Incidente de segurança)."
    nome: String!
    "Os campos da entidade com o rótulo de cada um, os da descoberta (sem o * dos obrigatórios)."
    campos: [CampoEntidadeIngestao!]!
  }

  type CampoEntidadeIngestao {
    "Chave do campo (codigo)."
    campo: String!
    "Rótulo para pessoas (Código)."
    rotulo: String!
  }

  type ConexaoLotes {
    itens: [LoteImportacao!]!
    "Cursor da próxima página; nulo na última."
    proximo: String
  }

  type LoteImportacao {
    loteId: String!
    entidade: String!
    "Nome do token que enviou o lote."
    origem: String!
    prefixoToken: String!
    modo: ModoIngestao!
    totalLinhas: Int!
    gravadas: Int!
    recusadas: Int!
    duplicadas: Int!
    recebidoEm: DateTime!
    duracaoMs: Int!
    "Linhas recusadas com os valores enviados e os motivos, para corrigir e reenviar."
    linhasRecusadas: [LinhaRecusada!]!
    "Linhas gravadas com um aviso (vínculo não encontrado, usuário desconhecido, chave repetida no lote)."
    linhasComAviso: [LinhaComAviso!]!
  }

  type LinhaComAviso {
    linha: Int!
    aviso: String!
  }

  type LinhaRecusada {
    linha: Int!
    "Valores originais da linha, em JSON (chaves de credenciais e de protótipo removidas)."
    valores: String!
    erros: [String!]!
  }

  type ConexaoRegistros {
    itens: [RegistroIngerido!]!
    proximo: String
  }

  type RegistroIngerido {
    id: ID!
    "Valor do campo-chave da entidade."
    chave: String!
    "Valores gravados, em JSON, por campo."
    valores: String!
    "Ids dos registros referenciados que foram encontrados, em JSON por campo; nulo se nenhum."
    vinculos: String
    loteId: String!
    criadoEm: DateTime!
    atualizadoEm: DateTime!
  }
`;
