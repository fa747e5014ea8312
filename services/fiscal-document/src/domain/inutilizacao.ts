import type { Ambiente, CampoInvalido, ModeloDocumento } from '@erp/contracts';
import { anoMesBrasilia, CamposInvalidos, camposDesconhecidos, instanteBrasilia } from '@erp/fiscal-rules';
import { justificativaValida } from './cancellation';

/**
 * Voiding (inutilização) of numbers taken and never authorized: the input of an on-demand request, whether a
 * range may be voided, and the scheduled job's decision (which ranges, by when). Pure: the numbers and the
 * clock come in. Rules: Ajuste SINIEF 07/05 cl. 14ª (NF-e) and Ajuste SINIEF 19/16 cl. 16ª (NFC-e), voiding by
 * the 10th day of the month after the numbers were taken; CT-e 4.00 has no voiding (research file §5.1).
 */

/** The models SEFAZ voids numbers of (NFeInutilizacao4). CT-e lost the service in 4.00; NFS-e never had it. */
export const MODELOS_COM_INUTILIZACAO: readonly ModeloDocumento[] = ['NFE', 'NFCE'];

/**
 * Most numbers in one request. SEFAZ's own ceiling is not in a source we read (a third-party page says 2,000,
 * [UNCONFIRMED] in the research file); each number is also claimed by its own insert, so a request stays small.
 */
export const MAXIMO_FAIXA = 1_000;

const NUMERO_MAXIMO = 999_999_999;
const SERIE_MAXIMA = 999;
/** Brasília is UTC-3 all year since 2019: SEFAZ's months and days are Brasília's. */

/** The reason the scheduled job sends (xJust, 15-255 characters). */
export const JUSTIFICATIVA_AUTOMATICA = 'Numeração não utilizada: documento fiscal rejeitado pelo autorizador e nunca autorizado';

export interface PedidoInutilizacaoValido {
  modelo: ModeloDocumento;
  serie: number;
  de: number;
  ate: number;
  justificativa: string;
}

const inteiro = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** The on-demand request, every field checked at once (the platform's `{ campo, regra, erro }`). */
export function validarInutilizacao(entrada: Record<string, unknown>): { ok: true; valor: PedidoInutilizacaoValido } | { ok: false; campos: CampoInvalido[] } {
  const erros = new CamposInvalidos();
  camposDesconhecidos(erros, entrada, '', ['modelo', 'serie', 'de', 'ate', 'justificativa']);
  const { modelo, serie, de, ate } = entrada;
  if (typeof modelo !== 'string' || !['NFE', 'NFCE', 'CTE', 'NFSE'].includes(modelo)) erros.add('modelo', 'obrigatorio', 'deve ser NFE ou NFCE');
  else if (!MODELOS_COM_INUTILIZACAO.includes(modelo as ModeloDocumento)) {
    erros.add('modelo', 'modelo_sem_inutilizacao', `${modelo} não tem inutilização de numeração na SEFAZ (só NF-e e NFC-e; o CT-e 4.00 não tem o serviço)`);
  }
  if (!inteiro(serie) || serie < 0 || serie > SERIE_MAXIMA) erros.add('serie', 'serie_invalida', `deve ser um inteiro de 0 a ${SERIE_MAXIMA}`);
  const deValido = inteiro(de) && de >= 1 && de <= NUMERO_MAXIMO;
  const ateValido = inteiro(ate) && ate >= 1 && ate <= NUMERO_MAXIMO;
  if (!deValido) erros.add('de', 'numero_invalido', `deve ser um inteiro de 1 a ${NUMERO_MAXIMO}`);
  if (!ateValido) erros.add('ate', 'numero_invalido', `deve ser um inteiro de 1 a ${NUMERO_MAXIMO}`);
  if (deValido && ateValido) {
    if (de > ate) erros.add('ate', 'faixa_invertida', 'deve ser maior ou igual a de');
    else if (ate - de + 1 > MAXIMO_FAIXA) erros.add('ate', 'faixa_grande_demais', `uma inutilização vai até ${MAXIMO_FAIXA} números; divida a faixa`);
  }
  const justificativa = justificativaValida(entrada.justificativa);
  if (justificativa === null) erros.add('justificativa', 'justificativa_invalida', 'deve ter de 15 a 255 caracteres (sem contar espaços nas pontas), sem caracteres de controle');
  if (erros.total > 0) return { ok: false, campos: erros.lista };
  return { ok: true, valor: { modelo: modelo as ModeloDocumento, serie: serie as number, de: de as number, ate: ate as number, justificativa: justificativa! } };
}

/** What the numbering says of one number (`numeracao`). */
export interface SituacaoNumero {
  numero: number;
  situacao: 'USADO' | 'A_INUTILIZAR' | 'INUTILIZADO';
}

/**
 * Why a number of the range cannot be voided: never taken (`NAO_UTILIZADO`: voiding it would leave a hole the
 * numbering walks into later), in use (`EM_USO`: authorized, cancelled, denied, pending, or held by another
 * key at SEFAZ after a 539) or voided already (`JA_INUTILIZADO`).
 */
export type MotivoFaixaRecusada = 'NAO_UTILIZADO' | 'EM_USO' | 'JA_INUTILIZADO';

/** The first number of `de..ate` that may not be voided, or null when every one was taken and never authorized. */
export function conferirFaixa(numeros: SituacaoNumero[], de: number, ate: number): { numero: number; motivo: MotivoFaixaRecusada } | null {
  const porNumero = new Map(numeros.map((n) => [n.numero, n.situacao]));
  for (let numero = de; numero <= ate; numero += 1) {
    const situacao = porNumero.get(numero);
    if (situacao === undefined) return { numero, motivo: 'NAO_UTILIZADO' };
    if (situacao === 'USADO') return { numero, motivo: 'EM_USO' };
    if (situacao === 'INUTILIZADO') return { numero, motivo: 'JA_INUTILIZADO' };
  }
  return null;
}

/** The year (Brasília) SEFAZ's request carries (`ano`, two digits): the year the numbers were taken. */
export function anoBrasilia(instante: Date): number {
  return anoMesBrasilia(instante).ano;
}

/** The legal deadline of a number taken at `instante`: the end of the 10th day of the next month, Brasília time. */
export function prazoInutilizacao(instante: Date): Date {
  const { ano, mes } = anoMesBrasilia(instante);
  return instanteBrasilia(ano, mes + 1, 10, 23, 59, 59, 999);
}

/** A burned number (`A_INUTILIZAR`) as the scheduled job reads it. */
export interface NumeroQueimado {
  companyId: string;
  ambiente: Ambiente;
  modelo: ModeloDocumento;
  serie: number;
  numero: number;
  /** When it was taken. */
  em: Date;
}

export interface FaixaPlanejada {
  companyId: string;
  ambiente: Ambiente;
  modelo: ModeloDocumento;
  serie: number;
  de: number;
  ate: number;
  ano: number;
  /** The earliest legal deadline of its numbers. */
  prazo: Date;
  /** Already past the deadline (SEFAZ still voids; the delay is logged). */
  atrasada: boolean;
}

/**
 * The scheduled job's decision: every burned number of a model SEFAZ voids, taken at least `carenciaMs` ago,
 * grouped per company, environment, model, series and year into ranges of consecutive numbers (at most
 * `maximoFaixa` each), most urgent deadline first. Voiding as soon as the grace has passed keeps every range far
 * from its deadline (the 10th of the next month) even if SEFAZ is down for days; a rejected document is never
 * sent again under its number (a corrected one is a new document), so there is nothing to wait for.
 */
export function planejarInutilizacoes(numeros: NumeroQueimado[], agora: Date, opcoes: { carenciaMs: number; maximoFaixa?: number }): FaixaPlanejada[] {
  const maximo = opcoes.maximoFaixa ?? MAXIMO_FAIXA;
  const limite = agora.getTime() - opcoes.carenciaMs;
  const grupos = new Map<string, NumeroQueimado[]>();
  for (const n of numeros) {
    if (!MODELOS_COM_INUTILIZACAO.includes(n.modelo) || n.em.getTime() > limite) continue;
    const chave = JSON.stringify([n.companyId, n.ambiente, n.modelo, n.serie, anoBrasilia(n.em)]);
    const grupo = grupos.get(chave);
    if (grupo) grupo.push(n);
    else grupos.set(chave, [n]);
  }
  const faixas: FaixaPlanejada[] = [];
  for (const grupo of grupos.values()) {
    const ordenados = [...new Map(grupo.map((n) => [n.numero, n])).values()].sort((a, b) => a.numero - b.numero);
    let inicio = 0;
    for (let i = 1; i <= ordenados.length; i += 1) {
      const fim = i === ordenados.length || ordenados[i].numero !== ordenados[i - 1].numero + 1 || i - inicio === maximo;
      if (!fim) continue;
      const trecho = ordenados.slice(inicio, i);
      const primeiro = trecho[0];
      const prazo = new Date(Math.min(...trecho.map((n) => prazoInutilizacao(n.em).getTime())));
      faixas.push({
        companyId: primeiro.companyId,
        ambiente: primeiro.ambiente,
        modelo: primeiro.modelo,
        serie: primeiro.serie,
        de: primeiro.numero,
        ate: trecho[trecho.length - 1].numero,
        ano: anoBrasilia(primeiro.em),
        prazo,
        atrasada: agora.getTime() > prazo.getTime(),
      });
      inicio = i;
    }
  }
  return faixas.sort((a, b) => a.prazo.getTime() - b.prazo.getTime() || a.companyId.localeCompare(b.companyId) || a.serie - b.serie || a.de - b.de);
}
