// The types of the page's GraphQL operations (src/api/operations) in the supergraph. Written by `npm run codegen`: do not edit.

import type { Exact, ModeloDocumento, ModeloBusca, SituacaoDocumento, SituacaoInutilizacao, ModeloSefaz, ModoIngestao, ConfiguracaoFiscalRegimeTributario, ConfiguracaoFiscalProvedorNfse, AjusteVencimento, RegimeTributario, StatusToken } from './enums';
import type { EmitirDocumentoFiscalInput, AlteracaoCteInput, ConfiguracaoFiscalEntrada, SimularImpostosInput, CriarTokenIngestaoInput } from './inputs';

export type CartasCorrecaoQueryVariables = Exact<{
  id: string;
}>;

export type CartasCorrecaoQuery = { cartasCorrecao: Array<{ documentoId: string, sequencia: number, correcao: string, protocolo: string, registradaEm: string, cStat: string, motivo: string }> };

export type RegistrarCartaCorrecaoMutationVariables = Exact<{
  id: string;
  correcao?: string | null | undefined;
  alteracoes?: Array<AlteracaoCteInput> | AlteracaoCteInput | null | undefined;
}>;

export type RegistrarCartaCorrecaoMutation = { registrarCartaCorrecao: { documentoId: string, sequencia: number, correcao: string, protocolo: string, registradaEm: string, cStat: string, motivo: string } };

export type CancelarDocumentoFiscalMutationVariables = Exact<{
  id: string;
  justificativa: string;
  chNFeRef?: string | null | undefined;
  motivo?: string | null | undefined;
}>;

export type CancelarDocumentoFiscalMutation = { cancelarDocumentoFiscal: { id: string, referencia: string, modelo: ModeloDocumento, serie: number, numero: number, chaveAcesso: string, situacao: SituacaoDocumento, ambiente: string, emitidoEm: string, autorizadoEm: string | null, protocolo: string | null, cStat: string | null, motivo: string | null, emitenteCnpj: string, destinatarioDocumento: string | null, destinatarioNome: string | null, valorTotal: number, simplesRemessa: boolean, prazoCancelamento: string | null, canceladoEm: string | null, justificativaCancelamento: string | null, protocoloCancelamento: string | null, entregueEm: string | null, servicoIniciadoEm: string | null, competencia: string | null, chaveNfseSubstituida: string | null, chaveSubstituta: string | null, impostos: Array<{ tributo: string, base: number, aliquota: number, valor: number, informativo: boolean }> } };

export type DocumentoFiscalFieldsFragment = { id: string, referencia: string, modelo: ModeloDocumento, serie: number, numero: number, chaveAcesso: string, situacao: SituacaoDocumento, ambiente: string, emitidoEm: string, autorizadoEm: string | null, protocolo: string | null, cStat: string | null, motivo: string | null, emitenteCnpj: string, destinatarioDocumento: string | null, destinatarioNome: string | null, valorTotal: number, simplesRemessa: boolean, prazoCancelamento: string | null, canceladoEm: string | null, justificativaCancelamento: string | null, protocoloCancelamento: string | null, entregueEm: string | null, servicoIniciadoEm: string | null, competencia: string | null, chaveNfseSubstituida: string | null, chaveSubstituta: string | null, impostos: Array<{ tributo: string, base: number, aliquota: number, valor: number, informativo: boolean }> };

export type DetalheDocumentoFiscalQueryVariables = Exact<{
  id: string;
}>;

export type DetalheDocumentoFiscalQuery = { detalheDocumentoFiscal: { destinatario: { documento: string, tipoDocumento: string, nome: string | null, uf: string | null, codigoMunicipio: string | null, inscricaoEstadual: string | null, logradouro: string | null, numero: string | null, complemento: string | null, bairro: string | null, municipio: string | null, cep: string | null } | null, itens: Array<{ numero: number, codigo: string, descricao: string, quantidade: number, unidade: string, valorUnitario: number, valorTotal: number, ncm: string | null, cfop: string | null, cst: string | null, csosn: string | null, cest: string | null, codigoServico: string | null, aliquotaIss: number | null, impostos: Array<{ tributo: string, base: number, aliquota: number, valor: number, informativo: boolean }> }>, eventos: Array<{ tipo: string, descricao: string, em: string, protocolo: string | null, detalhe: string | null }>, arquivos: Array<{ tipo: string, nome: string, caminho: string }> } | null };

export type DocumentosFiscaisQueryVariables = Exact<{
  modelo?: ModeloBusca | null | undefined;
  situacao?: SituacaoDocumento | null | undefined;
  emitidoDe?: string | null | undefined;
  emitidoAte?: string | null | undefined;
  cliente?: string | null | undefined;
  numero?: number | null | undefined;
  chaveAcesso?: string | null | undefined;
  referencia?: string | null | undefined;
  primeiros?: number | null | undefined;
  depois?: string | null | undefined;
}>;

export type DocumentosFiscaisQuery = { documentosFiscais: { proximo: string | null, itens: Array<{ id: string, referencia: string, modelo: ModeloDocumento, serie: number, numero: number, chaveAcesso: string, situacao: SituacaoDocumento, ambiente: string, emitidoEm: string, autorizadoEm: string | null, protocolo: string | null, cStat: string | null, motivo: string | null, emitenteCnpj: string, destinatarioDocumento: string | null, destinatarioNome: string | null, valorTotal: number, simplesRemessa: boolean, prazoCancelamento: string | null, canceladoEm: string | null, justificativaCancelamento: string | null, protocoloCancelamento: string | null, entregueEm: string | null, servicoIniciadoEm: string | null, competencia: string | null, chaveNfseSubstituida: string | null, chaveSubstituta: string | null, impostos: Array<{ tributo: string, base: number, aliquota: number, valor: number, informativo: boolean }> }> } };

export type DocumentoFiscalQueryVariables = Exact<{
  id: string;
}>;

export type DocumentoFiscalQuery = { documentoFiscal: { id: string, referencia: string, modelo: ModeloDocumento, serie: number, numero: number, chaveAcesso: string, situacao: SituacaoDocumento, ambiente: string, emitidoEm: string, autorizadoEm: string | null, protocolo: string | null, cStat: string | null, motivo: string | null, emitenteCnpj: string, destinatarioDocumento: string | null, destinatarioNome: string | null, valorTotal: number, simplesRemessa: boolean, prazoCancelamento: string | null, canceladoEm: string | null, justificativaCancelamento: string | null, protocoloCancelamento: string | null, entregueEm: string | null, servicoIniciadoEm: string | null, competencia: string | null, chaveNfseSubstituida: string | null, chaveSubstituta: string | null, impostos: Array<{ tributo: string, base: number, aliquota: number, valor: number, informativo: boolean }> } | null };

export type EmitirDocumentoFiscalMutationVariables = Exact<{
  input: EmitirDocumentoFiscalInput;
}>;

export type EmitirDocumentoFiscalMutation = { emitirDocumentoFiscal: { id: string, referencia: string, modelo: ModeloDocumento, serie: number, numero: number, chaveAcesso: string, situacao: SituacaoDocumento, ambiente: string, emitidoEm: string, autorizadoEm: string | null, protocolo: string | null, cStat: string | null, motivo: string | null, emitenteCnpj: string, destinatarioDocumento: string | null, destinatarioNome: string | null, valorTotal: number, simplesRemessa: boolean, prazoCancelamento: string | null, canceladoEm: string | null, justificativaCancelamento: string | null, protocoloCancelamento: string | null, entregueEm: string | null, servicoIniciadoEm: string | null, competencia: string | null, chaveNfseSubstituida: string | null, chaveSubstituta: string | null, impostos: Array<{ tributo: string, base: number, aliquota: number, valor: number, informativo: boolean }> } };

export type RegistrarEntregaMutationVariables = Exact<{
  id: string;
}>;

export type RegistrarEntregaMutation = { registrarEntrega: { id: string, referencia: string, modelo: ModeloDocumento, serie: number, numero: number, chaveAcesso: string, situacao: SituacaoDocumento, ambiente: string, emitidoEm: string, autorizadoEm: string | null, protocolo: string | null, cStat: string | null, motivo: string | null, emitenteCnpj: string, destinatarioDocumento: string | null, destinatarioNome: string | null, valorTotal: number, simplesRemessa: boolean, prazoCancelamento: string | null, canceladoEm: string | null, justificativaCancelamento: string | null, protocoloCancelamento: string | null, entregueEm: string | null, servicoIniciadoEm: string | null, competencia: string | null, chaveNfseSubstituida: string | null, chaveSubstituta: string | null, impostos: Array<{ tributo: string, base: number, aliquota: number, valor: number, informativo: boolean }> } };

export type RegistrarInicioServicoMutationVariables = Exact<{
  id: string;
}>;

export type RegistrarInicioServicoMutation = { registrarInicioServico: { id: string, referencia: string, modelo: ModeloDocumento, serie: number, numero: number, chaveAcesso: string, situacao: SituacaoDocumento, ambiente: string, emitidoEm: string, autorizadoEm: string | null, protocolo: string | null, cStat: string | null, motivo: string | null, emitenteCnpj: string, destinatarioDocumento: string | null, destinatarioNome: string | null, valorTotal: number, simplesRemessa: boolean, prazoCancelamento: string | null, canceladoEm: string | null, justificativaCancelamento: string | null, protocoloCancelamento: string | null, entregueEm: string | null, servicoIniciadoEm: string | null, competencia: string | null, chaveNfseSubstituida: string | null, chaveSubstituta: string | null, impostos: Array<{ tributo: string, base: number, aliquota: number, valor: number, informativo: boolean }> } };

export type StatusSefazQueryVariables = Exact<{
  modelo?: ModeloSefaz | null | undefined;
}>;

export type StatusSefazQuery = { statusSefaz: { uf: string, modelo: ModeloSefaz, ambiente: string, autorizador: string, cStat: string | null, motivo: string, emOperacao: boolean, consultadoEm: string } };

export type EntidadesIngestaoQueryVariables = Exact<{ [key: string]: never; }>;

export type EntidadesIngestaoQuery = { entidadesIngestaoComNome: Array<{ entidade: string, nome: string, campos: Array<{ campo: string, rotulo: string }> }> };

export type EntidadeIngestaoFieldsFragment = { entidade: string, nome: string, campos: Array<{ campo: string, rotulo: string }> };

export type HistoricoImportacoesQueryVariables = Exact<{
  entidade?: string | null | undefined;
  primeiros?: number | null | undefined;
  depois?: string | null | undefined;
}>;

export type HistoricoImportacoesQuery = { historicoImportacoes: { proximo: string | null, itens: Array<{ loteId: string, entidade: string, origem: string, prefixoToken: string, modo: ModoIngestao, totalLinhas: number, gravadas: number, recusadas: number, duplicadas: number, recebidoEm: string, duracaoMs: number, linhasComAviso: Array<{ linha: number, aviso: string }> }> } };

export type LoteImportacaoFieldsFragment = { loteId: string, entidade: string, origem: string, prefixoToken: string, modo: ModoIngestao, totalLinhas: number, gravadas: number, recusadas: number, duplicadas: number, recebidoEm: string, duracaoMs: number, linhasComAviso: Array<{ linha: number, aviso: string }> };

export type LoteImportacaoQueryVariables = Exact<{
  loteId: string;
}>;

export type LoteImportacaoQuery = { loteImportacao: { loteId: string, linhasRecusadas: Array<{ linha: number, valores: string, erros: Array<string> }> } | null };

export type LinhaRecusadaFieldsFragment = { linha: number, valores: string, erros: Array<string> };

export type ConfiguracaoFiscalQueryVariables = Exact<{ [key: string]: never; }>;

export type ConfiguracaoFiscalQuery = { configuracaoFiscal: { ambiente: string, seriePadrao: number, series: Array<number>, emissaoAutomatica: boolean, timeoutSegundos: number, versao: number, atualizadoEm: string | null, prazosCancelamento: { nfeHoras: number | null, nfceMinutos: number | null, cteHoras: number | null, nfseDias: number | null }, vencimentos: { icms: { dia: number, ajuste: AjusteVencimento } | null, iss: { dia: number, ajuste: AjusteVencimento } | null, cbs: { dia: number, ajuste: AjusteVencimento } | null, ibs: { dia: number, ajuste: AjusteVencimento } | null, is: { dia: number, ajuste: AjusteVencimento } | null }, aliquotasReferencia: Array<{ ano: number, cbs: number | null, ibsUf: number | null, ibsMun: number | null }>, certificadoA1: { titular: string, cnpj: string, emissor: string, numeroSerie: string, validoDe: string, validoAte: string, diasParaExpirar: number, aviso: string | null, senha: string } | null, nfse: { provedor: ConfiguracaoFiscalProvedorNfse | null, endpoint: string | null, codigoCidade: string | null, inscricaoMunicipal: string | null, codigoServico: string | null, codigoServicoNacional: string | null, codigoNbs: string | null, descricaoServico: string | null, usuario: string | null, senha: string | null, algoritmoAssinatura: string | null, canonicalizacao: string | null }, empresa: { cnpj: string | null, razaoSocial: string | null, inscricaoEstadual: string | null, uf: string | null, codigoMunicipio: string | null, regimeTributario: ConfiguracaoFiscalRegimeTributario | null, aliquotaDas: number | null, endereco: { logradouro: string, numero: string, complemento: string | null, bairro: string, municipio: string, cep: string, telefone: string | null } | null } } };

export type ConfiguracaoFiscalFieldsFragment = { ambiente: string, seriePadrao: number, series: Array<number>, emissaoAutomatica: boolean, timeoutSegundos: number, versao: number, atualizadoEm: string | null, prazosCancelamento: { nfeHoras: number | null, nfceMinutos: number | null, cteHoras: number | null, nfseDias: number | null }, vencimentos: { icms: { dia: number, ajuste: AjusteVencimento } | null, iss: { dia: number, ajuste: AjusteVencimento } | null, cbs: { dia: number, ajuste: AjusteVencimento } | null, ibs: { dia: number, ajuste: AjusteVencimento } | null, is: { dia: number, ajuste: AjusteVencimento } | null }, aliquotasReferencia: Array<{ ano: number, cbs: number | null, ibsUf: number | null, ibsMun: number | null }>, certificadoA1: { titular: string, cnpj: string, emissor: string, numeroSerie: string, validoDe: string, validoAte: string, diasParaExpirar: number, aviso: string | null, senha: string } | null, nfse: { provedor: ConfiguracaoFiscalProvedorNfse | null, endpoint: string | null, codigoCidade: string | null, inscricaoMunicipal: string | null, codigoServico: string | null, codigoServicoNacional: string | null, codigoNbs: string | null, descricaoServico: string | null, usuario: string | null, senha: string | null, algoritmoAssinatura: string | null, canonicalizacao: string | null }, empresa: { cnpj: string | null, razaoSocial: string | null, inscricaoEstadual: string | null, uf: string | null, codigoMunicipio: string | null, regimeTributario: ConfiguracaoFiscalRegimeTributario | null, aliquotaDas: number | null, endereco: { logradouro: string, numero: string, complemento: string | null, bairro: string, municipio: string, cep: string, telefone: string | null } | null } };

export type EstadoEmpresaQueryVariables = Exact<{ [key: string]: never; }>;

export type EstadoEmpresaQuery = { configuracaoFiscal: { ambiente: string, versao: number, empresa: { regimeTributario: ConfiguracaoFiscalRegimeTributario | null }, certificadoA1: { titular: string, validoAte: string, diasParaExpirar: number } | null } };

export type SalvarConfiguracaoFiscalMutationVariables = Exact<{
  entrada: ConfiguracaoFiscalEntrada;
  versaoEsperada?: number | null | undefined;
}>;

export type SalvarConfiguracaoFiscalMutation = { salvarConfiguracaoFiscal: { ambiente: string, seriePadrao: number, series: Array<number>, emissaoAutomatica: boolean, timeoutSegundos: number, versao: number, atualizadoEm: string | null, prazosCancelamento: { nfeHoras: number | null, nfceMinutos: number | null, cteHoras: number | null, nfseDias: number | null }, vencimentos: { icms: { dia: number, ajuste: AjusteVencimento } | null, iss: { dia: number, ajuste: AjusteVencimento } | null, cbs: { dia: number, ajuste: AjusteVencimento } | null, ibs: { dia: number, ajuste: AjusteVencimento } | null, is: { dia: number, ajuste: AjusteVencimento } | null }, aliquotasReferencia: Array<{ ano: number, cbs: number | null, ibsUf: number | null, ibsMun: number | null }>, certificadoA1: { titular: string, cnpj: string, emissor: string, numeroSerie: string, validoDe: string, validoAte: string, diasParaExpirar: number, aviso: string | null, senha: string } | null, nfse: { provedor: ConfiguracaoFiscalProvedorNfse | null, endpoint: string | null, codigoCidade: string | null, inscricaoMunicipal: string | null, codigoServico: string | null, codigoServicoNacional: string | null, codigoNbs: string | null, descricaoServico: string | null, usuario: string | null, senha: string | null, algoritmoAssinatura: string | null, canonicalizacao: string | null }, empresa: { cnpj: string | null, razaoSocial: string | null, inscricaoEstadual: string | null, uf: string | null, codigoMunicipio: string | null, regimeTributario: ConfiguracaoFiscalRegimeTributario | null, aliquotaDas: number | null, endereco: { logradouro: string, numero: string, complemento: string | null, bairro: string, municipio: string, cep: string, telefone: string | null } | null } } };

export type VersaoConfiguracaoFiscalQueryVariables = Exact<{ [key: string]: never; }>;

export type VersaoConfiguracaoFiscalQuery = { configuracaoFiscal: { versao: number, atualizadoEm: string | null } };

export type CompararRegimesMutationVariables = Exact<{
  input: SimularImpostosInput;
}>;

export type CompararRegimesMutation = { compararRegimes: Array<{ id: string, tipoDocumento: ModeloDocumento, regime: RegimeTributario, dataOperacao: string, valor: number, totalDevido: number, cargaEfetiva: number, completo: boolean, provisionada: boolean, pendentesDeVencimento: Array<string>, avisos: Array<string>, premissas: Array<string>, linhas: Array<{ tributo: string, base: number, aliquota: number, valor: number, informativo: boolean, vencimento: string | null, fundamento: string, naoCalculavel: boolean, motivo: string | null }>, titulos: Array<{ id: string, tributo: string, valor: number, vencimento: string, competencia: string, credor: string, codigoReceita: string | null }>, partilhaDas: Array<{ tributo: string, aliquota: number, valor: number, residuo: number }> | null }> };

export type SimulacaoImpostoFieldsFragment = { id: string, tipoDocumento: ModeloDocumento, regime: RegimeTributario, dataOperacao: string, valor: number, totalDevido: number, cargaEfetiva: number, completo: boolean, provisionada: boolean, pendentesDeVencimento: Array<string>, avisos: Array<string>, premissas: Array<string>, linhas: Array<{ tributo: string, base: number, aliquota: number, valor: number, informativo: boolean, vencimento: string | null, fundamento: string, naoCalculavel: boolean, motivo: string | null }>, titulos: Array<{ id: string, tributo: string, valor: number, vencimento: string, competencia: string, credor: string, codigoReceita: string | null }>, partilhaDas: Array<{ tributo: string, aliquota: number, valor: number, residuo: number }> | null };

export type ProvisionarImpostosMutationVariables = Exact<{
  id: string;
}>;

export type ProvisionarImpostosMutation = { provisionarImpostos: { id: string, tipoDocumento: ModeloDocumento, regime: RegimeTributario, dataOperacao: string, valor: number, totalDevido: number, cargaEfetiva: number, completo: boolean, provisionada: boolean, pendentesDeVencimento: Array<string>, avisos: Array<string>, premissas: Array<string>, linhas: Array<{ tributo: string, base: number, aliquota: number, valor: number, informativo: boolean, vencimento: string | null, fundamento: string, naoCalculavel: boolean, motivo: string | null }>, titulos: Array<{ id: string, tributo: string, valor: number, vencimento: string, competencia: string, credor: string, codigoReceita: string | null }>, partilhaDas: Array<{ tributo: string, aliquota: number, valor: number, residuo: number }> | null } };

export type SimularImpostosMutationVariables = Exact<{
  input: SimularImpostosInput;
}>;

export type SimularImpostosMutation = { simularImpostos: { id: string, tipoDocumento: ModeloDocumento, regime: RegimeTributario, dataOperacao: string, valor: number, totalDevido: number, cargaEfetiva: number, completo: boolean, provisionada: boolean, pendentesDeVencimento: Array<string>, avisos: Array<string>, premissas: Array<string>, linhas: Array<{ tributo: string, base: number, aliquota: number, valor: number, informativo: boolean, vencimento: string | null, fundamento: string, naoCalculavel: boolean, motivo: string | null }>, titulos: Array<{ id: string, tributo: string, valor: number, vencimento: string, competencia: string, credor: string, codigoReceita: string | null }>, partilhaDas: Array<{ tributo: string, aliquota: number, valor: number, residuo: number }> | null } };

export type CriarTokenIngestaoMutationVariables = Exact<{
  input: CriarTokenIngestaoInput;
}>;

export type CriarTokenIngestaoMutation = { criarTokenIngestao: { token: string, tokenIngestao: { id: string, nome: string, prefixo: string, modo: ModoIngestao, status: StatusToken, entidades: Array<string>, expiraEm: string | null, criadoEm: string, ultimoUsoEm: string | null } } };

export type TokenIngestaoFieldsFragment = { id: string, nome: string, prefixo: string, modo: ModoIngestao, status: StatusToken, entidades: Array<string>, expiraEm: string | null, criadoEm: string, ultimoUsoEm: string | null };

export type DefinirEscopoTokenIngestaoMutationVariables = Exact<{
  id: string;
  entidades: Array<string> | string;
}>;

export type DefinirEscopoTokenIngestaoMutation = { definirEscopoTokenIngestao: { id: string, nome: string, prefixo: string, modo: ModoIngestao, status: StatusToken, entidades: Array<string>, expiraEm: string | null, criadoEm: string, ultimoUsoEm: string | null } };

export type InativarTokenIngestaoMutationVariables = Exact<{
  id: string;
}>;

export type InativarTokenIngestaoMutation = { inativarTokenIngestao: { id: string, nome: string, prefixo: string, modo: ModoIngestao, status: StatusToken, entidades: Array<string>, expiraEm: string | null, criadoEm: string, ultimoUsoEm: string | null } };

export type ReativarTokenIngestaoMutationVariables = Exact<{
  id: string;
}>;

export type ReativarTokenIngestaoMutation = { reativarTokenIngestao: { id: string, nome: string, prefixo: string, modo: ModoIngestao, status: StatusToken, entidades: Array<string>, expiraEm: string | null, criadoEm: string, ultimoUsoEm: string | null } };

export type RenovarTokenIngestaoMutationVariables = Exact<{
  id: string;
  expiraEm: string;
}>;

export type RenovarTokenIngestaoMutation = { renovarTokenIngestao: { id: string, nome: string, prefixo: string, modo: ModoIngestao, status: StatusToken, entidades: Array<string>, expiraEm: string | null, criadoEm: string, ultimoUsoEm: string | null } };

export type RevogarTokenIngestaoMutationVariables = Exact<{
  id: string;
}>;

export type RevogarTokenIngestaoMutation = { revogarTokenIngestao: { id: string, nome: string, prefixo: string, modo: ModoIngestao, status: StatusToken, entidades: Array<string>, expiraEm: string | null, criadoEm: string, ultimoUsoEm: string | null } };

export type TokensIngestaoQueryVariables = Exact<{ [key: string]: never; }>;

export type TokensIngestaoQuery = { tokensIngestao: Array<{ id: string, nome: string, prefixo: string, modo: ModoIngestao, status: StatusToken, entidades: Array<string>, expiraEm: string | null, criadoEm: string, ultimoUsoEm: string | null }>, entidadesIngestaoComNome: Array<{ entidade: string, nome: string, campos: Array<{ campo: string, rotulo: string }> }> };

export type InutilizarNumeracaoMutationVariables = Exact<{
  modelo: ModeloDocumento;
  serie: number;
  de: number;
  ate: number;
  justificativa: string;
}>;

export type InutilizarNumeracaoMutation = { inutilizarNumeracao: { id: string, modelo: ModeloDocumento, serie: number, de: number, ate: number, situacao: SituacaoInutilizacao, cStat: string | null, motivo: string | null, protocolo: string | null, inutilizadaEm: string | null } };
