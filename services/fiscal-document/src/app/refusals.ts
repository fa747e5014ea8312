import { FiscalDocumentErrorCodes as Codes, Refusal, type CampoInvalido, type ModeloDocumento } from '@erp/contracts';
import type { Impedimento } from '../domain/cancellation';
import type { MotivoFaixaRecusada } from '../domain/inutilizacao';

/**
 * Every refusal of the fiscal-document service, once: the code (contracts), the HTTP status, the extra fields a
 * client reads, and the sentence for people. Use cases throw what these return.
 */

const iso = (instante: Date | string) => new Date(instante).toISOString();

/** Brasília's wall clock (no daylight saving since 2019), dd/mm/aaaa hh:mm, for the sentence people read; machines read the ISO field. */
const BRASILIA = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * When a deadline ended, as people say it: one at midnight in Brasília (an NFS-e's month, the municipal days) is
 * "no fim de 30/11/2026", not "em 01/12/2026 00:00"; any other instant "em 27/11/2026 17:59 (horário de Brasília)".
 */
function quandoTerminou(prazo: Date): string {
  const [dia, hora] = BRASILIA.format(prazo).split(', ');
  if (hora !== '00:00') return `em ${dia} ${hora} (horário de Brasília)`;
  return `no fim de ${BRASILIA.format(prazo.getTime() - 1).split(', ')[0]} (horário de Brasília)`;
}

export const notFound = () => new Refusal(Codes.DOCUMENTO_NAO_ENCONTRADO, 'documento fiscal não encontrado', { status: 404 });

/** Every invalid field of an emission (or of what only the tax engine judges), at once. */
export function invalidDocument(campos: CampoInvalido[], contexto = 'documento inválido'): Refusal {
  return new Refusal(Codes.DOCUMENTO_INVALIDO, `${contexto}: ${[...new Set(campos.map((c) => c.campo || 'corpo'))].join(', ')}`, { extra: { campos } });
}

export function incompleteSettings(faltando: string[], para = ''): Refusal {
  return new Refusal(Codes.CONFIGURACAO_INCOMPLETA, `configuração fiscal incompleta${para}: falta ${faltando.join(', ')}`, { status: 422, extra: { faltando } });
}

export const certificateMissing = () => new Refusal(Codes.CERTIFICADO_AUSENTE, 'a empresa não tem certificado A1 nas configurações fiscais', { status: 422 });

export const certificateExpired = (validoAte: string) =>
  new Refusal(Codes.CERTIFICADO_EXPIRADO, `o certificado A1 da empresa expirou ${quandoTerminou(new Date(validoAte))}`, { status: 422, extra: { validoAte } });

export const certificateOfAnotherCnpj = (doCertificado: string | null, doEmitente: string | null) =>
  new Refusal(Codes.CERTIFICADO_CNPJ_DIVERGENTE, `o certificado A1 é do CNPJ ${doCertificado}, não do emitente ${doEmitente}`, { status: 422 });

export function authorizerUnavailable(erro: string, extra: Record<string, unknown> = {}): Refusal {
  return new Refusal(Codes.AUTORIZADOR_INDISPONIVEL, erro, { status: 422, extra });
}

/** The authorizer refused the document: what its emission answers, the first time and on every repetition. */
export function rejected(doc: { _id: string; cStat: string | null; motivo: string | null }): Refusal {
  return new Refusal(Codes.DOCUMENTO_REJEITADO, `documento rejeitado pelo autorizador: ${doc.cStat ?? ''} ${doc.motivo ?? ''}`, {
    status: 422,
    extra: { documentoId: doc._id, cStat: doc.cStat, motivo: doc.motivo },
  });
}

export function denied(doc: { _id: string; cStat: string | null; motivo: string | null }): Refusal {
  return new Refusal(Codes.DOCUMENTO_DENEGADO, `uso denegado pela SEFAZ: ${doc.cStat ?? ''} ${doc.motivo ?? ''}`, {
    status: 422,
    extra: { documentoId: doc._id, cStat: doc.cStat, motivo: doc.motivo },
  });
}

export const referenceReused = (referencia: string, documentoId: string) =>
  new Refusal(Codes.REFERENCIA_REUTILIZADA, `a referencia "${referencia}" já foi usada com outro conteúdo (documento ${documentoId})`, { status: 409, extra: { documentoId } });

export const emissionInProgress = () =>
  new Refusal(Codes.EMISSAO_EM_ANDAMENTO, 'a emissão com esta referencia ainda está em andamento; consulte de novo em instantes', { status: 409 });

export const justificationInvalid = () =>
  new Refusal(Codes.JUSTIFICATIVA_INVALIDA, 'justificativa deve ter de 15 a 255 caracteres (sem contar espaços nas pontas)');

export const substituteInvalid = (motivo: 'CHAVE_INVALIDA' | 'SO_NFCE' | 'MESMA_CHAVE' | 'NAO_AUTORIZADA', erro: string) =>
  new Refusal(Codes.CHAVE_SUBSTITUTA_INVALIDA, erro, { status: motivo === 'CHAVE_INVALIDA' ? 400 : 422, extra: { motivo } });

export function alreadyCancelled(canceladoEm: Date | string | null): Refusal {
  const quando = canceladoEm ? iso(canceladoEm) : null;
  return new Refusal(Codes.DOCUMENTO_JA_CANCELADO, quando ? `o documento já foi cancelado em ${quando}` : 'o documento já foi cancelado', { status: 409, extra: { canceladoEm: quando } });
}

export const goodsDelivered = (em: Date | string) =>
  new Refusal(Codes.MERCADORIA_ENTREGUE, 'a mercadoria já foi entregue: a NF-e não pode mais ser cancelada; emita uma NF-e de devolução (entrada) para desfazer a operação', {
    status: 422,
    extra: { entregueEm: iso(em) },
  });

export const serviceStarted = (em: Date | string) =>
  new Refusal(
    Codes.SERVICO_INICIADO,
    'a prestação do transporte já começou: o CT-e não pode mais ser cancelado; o tomador registra "prestação do serviço em desacordo" e um CT-e substituto é emitido',
    { status: 422, extra: { servicoIniciadoEm: iso(em) } },
  );

export const notAuthorized = (situacao: string, paraQue = 'pode ser cancelado') =>
  new Refusal(Codes.DOCUMENTO_NAO_AUTORIZADO, `só um documento AUTORIZADO ${paraQue}; este está ${situacao}`, { status: 422, extra: { situacao } });

export function deadlinePassed(prazo: Date, porSubstituicao = false): Refusal {
  const qual = porSubstituicao ? 'do cancelamento por substituição' : 'de cancelamento deste documento';
  return new Refusal(Codes.PRAZO_CANCELAMENTO_EXPIRADO, `o prazo ${qual} terminou ${quandoTerminou(prazo)}`, { status: 422, extra: { prazo: iso(prazo) } });
}

/** The authorizer refused a late cancellation itself (501/220): the deadline the document shows, with its answer. */
export const deadlinePassedAtAuthorizer = (prazo: Date, cStat: string | null, motivo: string) =>
  new Refusal(Codes.PRAZO_CANCELAMENTO_EXPIRADO, `a SEFAZ recusou o cancelamento fora do prazo: ${cStat ?? ''} ${motivo}`, {
    status: 422,
    extra: { prazo: iso(prazo), cStat, motivo },
  });

export const cancellationRefused = (cStat: string | null, motivo: string) =>
  new Refusal(Codes.DOCUMENTO_REJEITADO, `cancelamento recusado pelo autorizador: ${cStat ?? ''} ${motivo}`, { status: 422, extra: { cStat, motivo } });

/** A CT-e with a registered correction letter is not cancelled (MOC CT-e 4.00, rule 523); `cStat` when the authority said it. */
export const correctionRegistered = (cStat: string | null, motivo: string | null) =>
  new Refusal(
    Codes.CARTA_CORRECAO_REGISTRADA,
    'o CT-e tem carta de correção registrada e não pode mais ser cancelado (MOC CT-e, regra 523); emita um CT-e de anulação ou substituto',
    { status: 422, extra: { cStat, motivo } },
  );

export const cancellationPending = (documentoId: string) =>
  new Refusal(Codes.CANCELAMENTO_PENDENTE, 'a SEFAZ não respondeu ao cancelamento; ele será confirmado por consulta à SEFAZ em instantes (ou repita o pedido)', {
    status: 503,
    extra: { documentoId },
  });

/** Another turn is cancelling the document now: not cancelled yet, so never DOCUMENTO_JA_CANCELADO. */
export const cancellationInProgress = () =>
  new Refusal(Codes.CANCELAMENTO_EM_ANDAMENTO, 'o cancelamento deste documento ainda está em andamento; repita o pedido em instantes', {
    status: 409,
    extra: { tenteNovamenteEmSegundos: 2 },
  });

/** The refusal of each impediment to cancelling (domain/cancellation). */
export function notCancellable(impedimento: Impedimento, porSubstituicao: boolean, canceladoEm: Date | null): Refusal {
  switch (impedimento.motivo) {
    case 'JA_CANCELADO':
      return alreadyCancelled(canceladoEm);
    case 'NAO_AUTORIZADO':
      return notAuthorized(impedimento.situacao);
    case 'MERCADORIA_ENTREGUE':
      return goodsDelivered(impedimento.em);
    case 'SERVICO_INICIADO':
      return serviceStarted(impedimento.em);
    case 'PRAZO_EXPIRADO':
      return deadlinePassed(impedimento.prazo, porSubstituicao);
  }
}

export const markOfAnotherModel = (desfecho: 'ENTREGA' | 'INICIO_SERVICO', modelo: ModeloDocumento) =>
  new Refusal(Codes.MARCACAO_INVALIDA, `${desfecho === 'ENTREGA' ? 'a entrega' : 'o início do serviço'} só se registra em ${modelo === 'NFE' ? 'NF-e' : 'CT-e'}`, { status: 422 });

/** The XML we built breaks the official schema (our fault, logged): the fields behind it, all at once. */
export const xmlOutOfLayout = (campos: CampoInvalido[]) =>
  new Refusal(Codes.XML_FORA_DO_LEIAUTE, `o XML do documento fica fora do leiaute oficial: ${[...new Set(campos.map((c) => c.campo || 'documento'))].join(', ')}`, {
    status: 422,
    extra: { campos },
  });

export const xmlUnavailable = (erro: string, extra: Record<string, unknown>) => new Refusal(Codes.XML_INDISPONIVEL, erro, { status: 404, extra });

export const danfeUnavailable = (modelo: ModeloDocumento) =>
  new Refusal(Codes.DANFE_INDISPONIVEL, `DANFE e DACTE só existem para NF-e, NFC-e e CT-e; este documento é ${modelo}`, { status: 422 });

// ---- voiding (inutilização) ----

export function voidingInvalid(campos: CampoInvalido[], contexto = 'inutilização inválida'): Refusal {
  return new Refusal(Codes.INUTILIZACAO_INVALIDA, `${contexto}: ${campos.map((c) => c.campo).join(', ')}`, { extra: { campos } });
}

const POR_QUE_NAO_INUTILIZAVEL: Record<MotivoFaixaRecusada, string> = {
  NAO_UTILIZADO: 'nunca foi tomado pela numeração (só se inutiliza número tomado e nunca autorizado)',
  EM_USO: 'está em uso (documento autorizado, cancelado, denegado, pendente, ou de outra chave na SEFAZ)',
  JA_INUTILIZADO: 'já foi inutilizado',
};

export const numberNotVoidable = (numero: number, motivo: MotivoFaixaRecusada) =>
  new Refusal(Codes.FAIXA_NAO_INUTILIZAVEL, `o número ${numero} ${POR_QUE_NAO_INUTILIZAVEL[motivo]}`, { status: 422, extra: { numero, motivo } });

export const rangeOfSeveralIssuers = (de: number, ate: number, cnpjs: string[]) =>
  new Refusal(Codes.FAIXA_NAO_INUTILIZAVEL, `a faixa ${de}-${ate} tem números de mais de um emitente (${cnpjs.join(', ')}); inutilize cada parte à parte`, {
    status: 422,
    extra: { numero: de, motivo: 'EMITENTES_DIFERENTES' },
  });

/** Another voiding holds `numero` right now (409), or the authorizer did not answer this one (503; the job resends it). */
export function voidingPending(inutilizacaoId: string, numero?: number): Refusal {
  if (numero === undefined) {
    return new Refusal(Codes.INUTILIZACAO_PENDENTE, 'a SEFAZ não respondeu à inutilização; a tarefa agendada repete o mesmo pedido e registra o resultado', {
      status: 503,
      extra: { inutilizacaoId },
    });
  }
  return new Refusal(Codes.INUTILIZACAO_PENDENTE, `o número ${numero} está numa inutilização em andamento; consulte as inutilizações em instantes`, {
    status: 409,
    extra: { numero, inutilizacaoId },
  });
}

export const voidingRefused = (registro: { _id: string; cStat: string | null; motivo: string | null }) =>
  new Refusal(Codes.INUTILIZACAO_REJEITADA, `inutilização recusada pelo autorizador: ${registro.cStat ?? ''} ${registro.motivo ?? ''}`.trim(), {
    status: 422,
    extra: { inutilizacaoId: registro._id, cStat: registro.cStat, motivo: registro.motivo },
  });
