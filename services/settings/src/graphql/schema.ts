import { gql, refusal, requireAdmin, requireSession, type GraphContext } from '@erp/kit';
import type { ServicoConfiguracao } from '../app/servico';

/**
 * The same model as REST `/api/erp/faturamento/configuracao`. Inputs are typed loosely (strings for codes and
 * `ambiente`) so every field rule is reported by the shared validator, with the same `campos` list.
 */
export const typeDefs = gql`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@shareable"])

  type ConfiguracaoFiscalCertificado {
    titular: String!
    cnpj: String!
    emissor: String!
    numeroSerie: String!
    validoDe: String!
    validoAte: String!
    diasParaExpirar: Int!
    "Set from 30 days before expiry."
    aviso: String
    "Always a mask: the password is never returned."
    senha: String!
  }

  type ConfiguracaoFiscalNfse {
    provedor: String
    endpoint: String
    codigoCidade: String
    inscricaoMunicipal: String
    codigoServico: String
    codigoServicoNacional: String
    descricaoServico: String
    usuario: String
    "A mask when a password is stored, null otherwise."
    senha: String
  }

  type ConfiguracaoFiscalEmpresa {
    cnpj: String
    razaoSocial: String
    inscricaoEstadual: String
    uf: String
    codigoMunicipio: String
    regimeTributario: String
    aliquotaDas: Float
  }

  type ConfiguracaoFiscal {
    ambiente: String!
    seriePadrao: Int!
    series: [Int!]!
    emissaoAutomatica: Boolean!
    timeoutSegundos: Int!
    certificadoA1: ConfiguracaoFiscalCertificado
    nfse: ConfiguracaoFiscalNfse!
    empresa: ConfiguracaoFiscalEmpresa!
    versao: Int!
    atualizadoEm: String
  }

  input ConfiguracaoFiscalCertificadoEntrada {
    arquivoBase64: String
    senha: String
  }

  input ConfiguracaoFiscalNfseEntrada {
    provedor: String
    endpoint: String
    codigoCidade: String
    inscricaoMunicipal: String
    codigoServico: String
    codigoServicoNacional: String
    usuario: String
    senha: String
  }

  input ConfiguracaoFiscalEmpresaEntrada {
    cnpj: String
    razaoSocial: String
    inscricaoEstadual: String
    uf: String
    codigoMunicipio: String
    regimeTributario: String
    aliquotaDas: Float
  }

  input ConfiguracaoFiscalEntrada {
    ambiente: String
    seriePadrao: Int
    series: [Int!]
    emissaoAutomatica: Boolean
    timeoutSegundos: Int
    "null removes the stored certificate; omitted (or without arquivoBase64) keeps it."
    certificadoA1: ConfiguracaoFiscalCertificadoEntrada
    nfse: ConfiguracaoFiscalNfseEntrada
    empresa: ConfiguracaoFiscalEmpresaEntrada
  }

  type Query {
    "Fiscal settings of the session's company (defaults when nothing was saved)."
    configuracaoFiscal: ConfiguracaoFiscal!
  }

  type Mutation {
    "Replaces the fiscal settings of the session's company (admin only)."
    salvarConfiguracaoFiscal(entrada: ConfiguracaoFiscalEntrada!): ConfiguracaoFiscal!
  }
`;

/** graphql-js builds input objects without a prototype; the validator wants plain objects. */
function paraObjetoSimples(valor: unknown): unknown {
  return JSON.parse(JSON.stringify(valor));
}

export function criarResolvers(servico: ServicoConfiguracao) {
  return {
    Query: {
      configuracaoFiscal: (_: unknown, __: unknown, context: GraphContext) => servico.obter(requireSession(context).companyId),
    },
    Mutation: {
      salvarConfiguracaoFiscal: async (_: unknown, args: { entrada: unknown }, context: GraphContext) => {
        const sessao = requireAdmin(context);
        const resultado = await servico.salvar(sessao.companyId, sessao.userId, paraObjetoSimples(args.entrada));
        if (!resultado.ok) {
          throw refusal(resultado.codigo, resultado.erro, resultado.campos ? { campos: resultado.campos } : {});
        }
        return resultado.configuracao;
      },
    },
  };
}
