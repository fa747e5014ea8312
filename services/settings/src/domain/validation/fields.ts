import { TributosVencimentoEmpresa } from '@erp/contracts';
import { type CamposInvalidos, PRAZOS_EMPRESA_LIMITES, caminho, ehObjeto, lerTexto, type Objeto } from '@erp/fiscal-rules';
import { isMask } from '../mask';

/** The settings input's fields, the read-only ones a PUT may send back, and the readers every part shares. */

export type AcaoSenha = { acao: 'manter' } | { acao: 'remover' } | { acao: 'definir'; valor: string };
export type AcaoCertificado =
  | { acao: 'manter' }
  | { acao: 'remover' }
  | { acao: 'definir'; arquivo: Buffer; senha: string };



/**
 * Fields the GET returns that a PUT may send back unchanged (a UI round trip) and that are ignored, because
 * they are derived or read-only. Anything else not in the model is refused.
 */
export const SOMENTE_LEITURA = {
  raiz: ['versao', 'atualizadoEm'],
  certificadoA1: ['titular', 'cnpj', 'emissor', 'numeroSerie', 'validoDe', 'validoAte', 'diasParaExpirar', 'aviso'],
  nfse: ['descricaoServico'],
};

export const CAMPOS = {
  raiz: ['ambiente', 'seriePadrao', 'series', 'emissaoAutomatica', 'timeoutSegundos', 'prazosCancelamento', 'vencimentos', 'aliquotasReferencia', 'certificadoA1', 'nfse', 'empresa'],
  prazosCancelamento: Object.keys(PRAZOS_EMPRESA_LIMITES),
  vencimentos: [...TributosVencimentoEmpresa],
  regraVencimento: ['dia', 'ajuste'],
  aliquotaReferencia: ['ano', 'cbs', 'ibsUf', 'ibsMun'],
  certificadoA1: ['arquivoBase64', 'senha'],
  nfse: ['provedor', 'endpoint', 'codigoCidade', 'inscricaoMunicipal', 'codigoServico', 'codigoServicoNacional', 'codigoNbs', 'usuario', 'senha', 'algoritmoAssinatura', 'canonicalizacao'],
  empresa: ['cnpj', 'razaoSocial', 'inscricaoEstadual', 'uf', 'codigoMunicipio', 'regimeTributario', 'aliquotaDas', 'endereco', 'inicioAtividade'],
  endereco: ['logradouro', 'numero', 'complemento', 'bairro', 'municipio', 'cep', 'telefone'],
};

/** Optional text of `obj[chave]` under `prefixo` (the shared text rule: trimmed, bounded, no control characters). */
export function texto(obj: Objeto, chave: string, prefixo: string, erros: CamposInvalidos, limites: { max: number; min?: number }): string | null | undefined {
  return lerTexto(erros, obj[chave], caminho(prefixo, chave), limites);
}

export function senha(obj: Objeto, chave: string, campo: string, erros: CamposInvalidos): AcaoSenha | undefined {
  const valor = obj[chave];
  if (valor === undefined) return { acao: 'manter' };
  if (valor === null || valor === '') return { acao: 'remover' };
  if (typeof valor !== 'string') return erros.add(campo, 'tipo', 'deve ser texto');
  if (isMask(valor)) return { acao: 'manter' };
  if (valor.length > 256) return erros.add(campo, 'tamanho_maximo', 'no máximo 256 caracteres');
  return { acao: 'definir', valor };
}

export function objetoOpcional(corpo: Objeto, chave: string, erros: CamposInvalidos, prefixo = ''): Objeto | undefined {
  const valor = corpo[chave];
  if (valor === undefined || valor === null) return undefined;
  if (!ehObjeto(valor)) return erros.add(caminho(prefixo, chave), 'tipo', 'deve ser um objeto');
  return valor;
}
