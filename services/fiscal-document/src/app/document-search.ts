import { FiscalDocumentErrorCodes as Codes, ModelosBusca, Refusal, SituacoesDocumento, type CampoInvalido, type ModeloBusca, type SituacaoDocumento } from '@erp/contracts';
import { decodeCursor, pageOf, pageSize, type Page, type ReadCeiling } from '@erp/kit';
import { ehDocumentoId } from '../domain/document-id';
import { nomeSemAcentosRegex } from '../domain/name-search';
import { chaveNfseValida } from '../domain/nfse-chave';
import type { BuscaDocumentos } from '../store/document-search-query';
import type { DocumentReads } from './document-reads';
import type { DocumentoFiscalView } from './views';

export type { BuscaDocumentos };

/**
 * The search of a company's documents (GraphQL `documentosFiscais`, REST `GET /documentos`): what a person or an
 * integrator asks for, as typed, read into what the store filters on. Every filter narrows the company's own
 * documents (the store always leads with the company); a wrong filter is refused naming its field, never ignored.
 */
export interface FiltroDocumentosEntrada {
  /** A model of the API, or `CTEOS` (model 67; `CTE` is then model 57 only). */
  modelo?: unknown;
  situacao?: unknown;
  /** `AAAA-MM-DD`, a day in Brasília: from its start. */
  emitidoDe?: unknown;
  /** `AAAA-MM-DD`, a day in Brasília: up to its end (inclusive). */
  emitidoAte?: unknown;
  /** The recipient: its CNPJ / CPF (punctuation allowed) or a part of its name (any case, accents or not). */
  cliente?: unknown;
  numero?: unknown;
  chaveAcesso?: unknown;
  referencia?: unknown;
}

/** Brasília is UTC-3 all year since 2019: a day typed by a person is a Brasília day. */
const BRASILIA = '-03:00';
const DIA = /^(\d{4})-(\d{2})-(\d{2})$/;
const NOME_MIN = 2;
const TEXTO_MAX = 100;

const vazio = (valor: unknown): boolean => valor === undefined || valor === null || (typeof valor === 'string' && valor.trim() === '');

function inicioDoDia(valor: string): Date | null {
  const m = DIA.exec(valor);
  if (!m) return null;
  const instante = new Date(`${valor}T00:00:00.000${BRASILIA}`);
  // 2026-02-30 parses to 2 March: a day that does not exist is refused, not moved.
  if (Number.isNaN(instante.getTime()) || new Date(instante.getTime() + 3 * 3600_000).toISOString().slice(0, 10) !== valor) return null;
  return instante;
}

/** Reads the filters; every wrong one at once, as `FILTRO_INVALIDO` with `campos` (`{campo, regra, erro}`). */
export function lerFiltroDocumentos(entrada: FiltroDocumentosEntrada): BuscaDocumentos {
  const campos: CampoInvalido[] = [];
  const recusa = (campo: string, regra: string, erro: string) => campos.push({ campo, regra, erro });
  const busca: BuscaDocumentos = {};

  if (!vazio(entrada.modelo)) {
    if (ModelosBusca.includes(entrada.modelo as ModeloBusca)) busca.modelo = entrada.modelo as ModeloBusca;
    else recusa('modelo', 'modelo_invalido', `o modelo deve ser ${ModelosBusca.join(', ')}`);
  }
  if (!vazio(entrada.situacao)) {
    if (SituacoesDocumento.includes(entrada.situacao as SituacaoDocumento)) busca.situacao = entrada.situacao as SituacaoDocumento;
    else recusa('situacao', 'situacao_invalida', `a situação deve ser ${SituacoesDocumento.join(', ')}`);
  }
  for (const campo of ['emitidoDe', 'emitidoAte'] as const) {
    const valor = entrada[campo];
    if (vazio(valor)) continue;
    const inicio = typeof valor === 'string' ? inicioDoDia(valor.trim()) : null;
    if (!inicio) {
      recusa(campo, 'data_invalida', 'deve ser uma data que existe, AAAA-MM-DD');
    } else if (campo === 'emitidoDe') {
      busca.emitidoDesde = inicio;
    } else {
      busca.emitidoAntes = new Date(inicio.getTime() + 24 * 3600_000);
    }
  }
  if (busca.emitidoDesde && busca.emitidoAntes && busca.emitidoDesde >= busca.emitidoAntes) {
    recusa('emitidoAte', 'periodo_invertido', 'o fim do período deve ser o mesmo dia do início ou depois');
  }
  if (!vazio(entrada.cliente)) {
    const texto = typeof entrada.cliente === 'string' ? entrada.cliente.trim() : '';
    const digitos = texto.replace(/[.\-/\s]/g, '');
    if (/^\d{11}$|^\d{14}$/.test(digitos)) busca.clienteDocumento = digitos;
    else if (/^\d+$/.test(digitos)) recusa('cliente', 'documento_invalido', 'um CNPJ tem 14 dígitos e um CPF, 11');
    else if (texto.length < NOME_MIN || texto.length > TEXTO_MAX) recusa('cliente', 'tamanho', `digite de ${NOME_MIN} a ${TEXTO_MAX} letras do nome, ou o CNPJ / CPF`);
    else busca.clienteNome = nomeSemAcentosRegex(texto);
  }
  if (!vazio(entrada.numero)) {
    const numero = typeof entrada.numero === 'string' ? Number(entrada.numero.trim()) : entrada.numero;
    if (typeof numero === 'number' && Number.isInteger(numero) && numero >= 1 && numero <= 999_999_999) busca.numero = numero;
    else recusa('numero', 'numero_invalido', 'o número deve ser um inteiro de 1 a 999.999.999');
  }
  if (!vazio(entrada.chaveAcesso)) {
    const chave = typeof entrada.chaveAcesso === 'string' ? entrada.chaveAcesso.replace(/\s/g, '') : '';
    // 44 digits (NF-e, NFC-e, CT-e), the NFS-e's 50, or an ABRASF city's NFS-e key (<IBGE>-<number>-<code>).
    if (/^\d{44}$/.test(chave) || chaveNfseValida(chave)) busca.chaveAcesso = chave;
    else recusa('chaveAcesso', 'chave_invalida', 'a chave de acesso tem 44 dígitos (NF-e, NFC-e, CT-e), 50 (NFS-e) ou, numa NFS-e ABRASF, município-número-código');
  }
  if (!vazio(entrada.referencia)) {
    const referencia = typeof entrada.referencia === 'string' ? entrada.referencia.trim() : '';
    if (referencia.length >= 1 && referencia.length <= TEXTO_MAX) busca.referencia = referencia;
    else recusa('referencia', 'tamanho', `a referência tem de 1 a ${TEXTO_MAX} caracteres`);
  }
  if (campos.length > 0) {
    throw new Refusal(Codes.FILTRO_INVALIDO, `filtro inválido: ${campos.map((c) => c.campo).join(', ')}`, { extra: { campos } });
  }
  return busca;
}

const KIND = 'documento';

/**
 * One page of the search, newest first, the same for GraphQL and REST: the page size (`primeiros`, 1-200), the
 * cursor (`depois`, the `proximo` of the previous page of the same search) and the filters are checked before
 * anything is read; the read itself runs under the company's read ceiling.
 */
export async function searchDocuments(
  deps: { reads: DocumentReads; ceiling: ReadCeiling },
  companyId: string,
  entrada: FiltroDocumentosEntrada,
  primeiros: unknown,
  depois: string | null | undefined,
): Promise<Page<DocumentoFiscalView>> {
  const limite = pageSize(primeiros);
  const posicao = depois ? decodeCursor(KIND, depois, { withInstant: true, isId: ehDocumentoId }) : null;
  const busca = lerFiltroDocumentos(entrada);
  const lidos = await deps.ceiling.run(companyId, () => deps.reads.list(companyId, busca, limite, posicao ? { criadoEm: posicao.em!, id: posicao.id } : null));
  return pageOf(lidos, limite, KIND, (lido) => lido.view, (lido) => ({ em: lido.criadoEm, id: lido.id }));
}
