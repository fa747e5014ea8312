import type * as G from '../generated';
import { operation } from '../operation';

export type ConfiguracaoFiscal = G.ConfiguracaoFiscalFieldsFragment;
export type ConfiguracaoFiscalEntrada = G.ConfiguracaoFiscalEntrada;
export type ConfiguracaoFiscalNfseEntrada = G.ConfiguracaoFiscalNfseEntrada;
export type PrazosCancelamentoEntrada = G.PrazosCancelamentoEntrada;
export type VencimentosEmpresaEntrada = G.VencimentosEmpresaEntrada;

const CONFIGURACAO_FISCAL_FIELDS = /* GraphQL */ `
  fragment ConfiguracaoFiscalFields on ConfiguracaoFiscal {
    ambiente seriePadrao series emissaoAutomatica timeoutSegundos
    prazosCancelamento { nfeHoras nfceMinutos cteHoras nfseDias }
    vencimentos { icms { dia ajuste } iss { dia ajuste } cbs { dia ajuste } ibs { dia ajuste } is { dia ajuste } }
    aliquotasReferencia { ano cbs ibsUf ibsMun }
    certificadoA1 { titular cnpj emissor numeroSerie validoDe validoAte diasParaExpirar aviso senha }
    nfse { provedor endpoint codigoCidade inscricaoMunicipal codigoServico codigoServicoNacional codigoNbs descricaoServico usuario senha algoritmoAssinatura canonicalizacao }
    empresa {
      cnpj razaoSocial inscricaoEstadual uf codigoMunicipio regimeTributario aliquotaDas
      endereco { logradouro numero complemento bairro municipio cep telefone }
    }
    versao atualizadoEm
  }`;

export const CONFIGURACAO_FISCAL = operation<G.ConfiguracaoFiscalQuery, G.ConfiguracaoFiscalQueryVariables>(/* GraphQL */ `
  query ConfiguracaoFiscal { configuracaoFiscal { ...ConfiguracaoFiscalFields } }
  ${CONFIGURACAO_FISCAL_FIELDS}`);

/** Who saved last, read after a CONFLITO_DE_EDICAO to say so. */
export const VERSAO_CONFIGURACAO_FISCAL = operation<G.VersaoConfiguracaoFiscalQuery, G.VersaoConfiguracaoFiscalQueryVariables>(/* GraphQL */ `
  query VersaoConfiguracaoFiscal { configuracaoFiscal { versao atualizadoEm } }`);

export const SALVAR_CONFIGURACAO_FISCAL = operation<G.SalvarConfiguracaoFiscalMutation, G.SalvarConfiguracaoFiscalMutationVariables>(/* GraphQL */ `
  mutation SalvarConfiguracaoFiscal($entrada: ConfiguracaoFiscalEntrada!, $versaoEsperada: Int) {
    salvarConfiguracaoFiscal(entrada: $entrada, versaoEsperada: $versaoEsperada) { ...ConfiguracaoFiscalFields }
  }
  ${CONFIGURACAO_FISCAL_FIELDS}`);

export type EstadoEmpresa = G.EstadoEmpresaQuery['configuracaoFiscal'];

/** What every screen shows of the company in the header: its environment, its certificate's expiry, its regime. */
export const ESTADO_EMPRESA = operation<G.EstadoEmpresaQuery, G.EstadoEmpresaQueryVariables>(/* GraphQL */ `
  query EstadoEmpresa { configuracaoFiscal { ambiente versao empresa { regimeTributario } certificadoA1 { titular validoAte diasParaExpirar } } }`);
