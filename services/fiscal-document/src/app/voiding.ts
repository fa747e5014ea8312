import { randomInt } from 'node:crypto';
import { Subjects, type ConfiguracaoFiscalCompartilhada, type ModeloDocumento, type NumeracaoInutilizadaEvent, type Session } from '@erp/contracts';
import { pendingEvent } from '@erp/kit';
import type { PedidoInutilizacao } from '../authorizer/authorizer';
import { anoBrasilia, conferirFaixa, validarInutilizacao } from '../domain/inutilizacao';
import type { InutilizacaoRecord } from '../store/document-model';
import { serieKey, type Serie } from '../store/documents-store';
import { authorizerFor, type FiscalDeps } from './deps';
import { documentMetrics } from './metrics';
import { inutilizacaoView, type InutilizacaoView } from './views';
import { incompleteSettings, numberNotVoidable, rangeOfSeveralIssuers, voidingInvalid, voidingPending, voidingRefused } from './refusals';

/** Who the scheduled job's voidings are recorded as. */
export const USUARIO_AUTOMATICO = 'inutilizacao-automatica';

/** A range of one series to void, as the job plans it or a person asks for it. */
export interface FaixaInutilizacao extends Serie {
  de: number;
  ate: number;
  ano: number;
}

/** The outcome of one attempt, for the job (a person gets the voiding or a refusal). */
export type ResultadoInutilizacao =
  | { tipo: 'INUTILIZADA'; registro: InutilizacaoRecord }
  | { tipo: 'RECUSADA'; registro: InutilizacaoRecord }
  | { tipo: 'PENDENTE'; registro: InutilizacaoRecord }
  /** Another voiding holds `numero` (nothing was sent). */
  | { tipo: 'OCUPADA'; numero: number; por: string };

export const eventoInutilizacaoId = (s: Serie, de: number, ate: number) => `inutilizacao:${serieKey(s)}|${de}-${ate}`;

/**
 * Voiding (inutilização) of numbers taken and never authorized, on demand and for the scheduled job. Each number
 * of a range is claimed by the voiding (unique insert) before anything is signed or sent, so two requests, or
 * two replicas of the job, never void the same number twice; the signed request is stored before it is sent,
 * so a retry after a lost answer is the same bytes (SEFAZ answers a repeat with 563/206, which is adopted). The
 * outcome and its `ERP_NUMERACAO_INUTILIZADA` event are written together on the voiding; its relay marks the
 * numbers `INUTILIZADO` before publishing, so a crash in between loses nothing.
 */
export class Voiding {
  /** `announce` publishes the voidings' pending events now (their own relay's flush, not the documents'). */
  constructor(private readonly deps: Pick<FiscalDeps, 'store' | 'settings' | 'authorizers' | 'announce' | 'log' | 'clock'>) {}

  /** On demand (admin): `inutilizarNumeracao` / `POST /api/erp/faturamento/inutilizacoes`. */
  async request(session: Session, entrada: Record<string, unknown>): Promise<{ inutilizacao: InutilizacaoView; criada: boolean }> {
    const validacao = validarInutilizacao(entrada);
    if (!validacao.ok) throw voidingInvalid(validacao.campos);
    const { modelo, serie: numeroSerie, de, ate, justificativa } = validacao.valor;
    const settings = await this.deps.settings(session.companyId);
    const serie: Serie = { companyId: session.companyId, ambiente: settings.ambiente, modelo, serie: numeroSerie };
    const numeros = await this.deps.store.numbersInRange(serie, de, ate);
    const problema = conferirFaixa(numeros, de, ate);
    if (problema?.motivo === 'JA_INUTILIZADO' && numeros.every((n) => n.situacao === 'INUTILIZADO')) {
      // The same request again (its answer lost, say): the recorded voiding, not a second one.
      const anterior = await this.deps.store.voidingOfRange(serie, de, ate);
      if (anterior) return { inutilizacao: inutilizacaoView(anterior), criada: false };
    }
    if (problema) throw numberNotVoidable(problema.numero, problema.motivo);

    const ano = anoBrasilia(new Date(Math.max(...numeros.map((n) => new Date(n.em).getTime()))));
    const resultado = await this.voidRange({ ...serie, de, ate, ano }, justificativa, 'MANUAL', session.userId, settings);
    switch (resultado.tipo) {
      case 'INUTILIZADA':
        return { inutilizacao: inutilizacaoView(resultado.registro), criada: true };
      case 'OCUPADA':
        return this.ocupada(serie, de, ate, resultado.numero, resultado.por);
      case 'PENDENTE':
        throw voidingPending(resultado.registro._id);
      case 'RECUSADA':
        throw voidingRefused(resultado.registro);
    }
  }

  /** Another voiding holds a number of the range: its outcome says what to answer. */
  private async ocupada(serie: Serie, de: number, ate: number, numero: number, por: string): Promise<{ inutilizacao: InutilizacaoView; criada: boolean }> {
    const outra = await this.deps.store.voiding(por);
    if (outra?.situacao === 'INUTILIZADA' && outra.de === de && outra.ate === ate && outra.modelo === serie.modelo && outra.serie === serie.serie) {
      return { inutilizacao: inutilizacaoView(outra), criada: false };
    }
    if (outra?.situacao === 'INUTILIZADA') throw numberNotVoidable(numero, 'JA_INUTILIZADO');
    throw voidingPending(por, numero);
  }

  /**
   * One voiding attempt of a range: record, claim every number, sign and store, send, record the outcome with
   * its event. Used by the on-demand request and the scheduled job alike.
   */
  async voidRange(
    faixa: FaixaInutilizacao,
    justificativa: string,
    origem: InutilizacaoRecord['origem'],
    criadoPor: string,
    configuracao?: ConfiguracaoFiscalCompartilhada,
  ): Promise<ResultadoInutilizacao> {
    // The issuer is the one that took the numbers (SEFAZ numbers per CNPJ): its documents say who, not today's
    // settings, which may name another establishment since.
    const emitentes = await this.deps.store.issuersOfNumbers(faixa, faixa.de, faixa.ate);
    if (emitentes.length > 1) throw rangeOfSeveralIssuers(faixa.de, faixa.ate, emitentes.map((e) => e.emitenteCnpj));
    const settings = emitentes.length === 1 ? null : (configuracao ?? (await this.deps.settings(faixa.companyId)));
    const cnpj = emitentes[0]?.emitenteCnpj ?? settings?.empresa.cnpj;
    const uf = emitentes[0]?.emitenteUf ?? settings?.empresa.uf;
    if (!cnpj || !uf) throw incompleteSettings([!cnpj && 'empresa.cnpj', !uf && 'empresa.uf'].filter((campo): campo is string => typeof campo === 'string'));
    const criadoEm = this.deps.clock();
    const registro: InutilizacaoRecord = {
      _id: `${serieKey(faixa)}|${faixa.de}-${faixa.ate}|${criadoEm.getTime().toString(36)}${randomInt(0, 1_000_000).toString(36)}`,
      companyId: faixa.companyId,
      ambiente: faixa.ambiente,
      emitenteCnpj: cnpj,
      emitenteUf: uf,
      // NF-e and NFC-e only (checked with the request): never the CT-e OS's own numbering.
      modelo: faixa.modelo as ModeloDocumento,
      serie: faixa.serie,
      de: faixa.de,
      ate: faixa.ate,
      ano: faixa.ano,
      justificativa,
      origem,
      criadoPor,
      situacao: 'PENDENTE',
      cStat: null,
      motivo: null,
      protocolo: null,
      xmlAssinado: null,
      xml: null,
      criadoEm,
      inutilizadaEm: null,
    };
    // Recorded first, so a claim of numbers always names a voiding that exists (a crash leaves it PENDENTE
    // and the job finishes it); then every number is claimed before anything is sent.
    await this.deps.store.createVoiding(registro);
    return this.resume(registro);
  }

  /**
   * Claims the voiding's numbers (again, for a resumed one: its own claims count), signs and stores the request
   * unless it was stored before, sends it, records the outcome.
   */
  async resume(registro: InutilizacaoRecord): Promise<ResultadoInutilizacao> {
    const serie: Serie = { companyId: registro.companyId, ambiente: registro.ambiente, modelo: registro.modelo, serie: registro.serie };
    const ocupado = await this.deps.store.claimVoidingNumbers(serie, registro.de, registro.ate, registro._id);
    if (ocupado !== null) {
      const por = (await this.deps.store.voidingHolding(serie, ocupado)) ?? '';
      await this.deps.store.dropVoiding(registro._id);
      return { tipo: 'OCUPADA', numero: ocupado, por };
    }
    if (!this.deps.authorizers(registro.modelo, registro.ambiente)) await this.abandonar(registro);
    const autorizador = authorizerFor(this.deps, registro.modelo, registro.ambiente, 'inutiliza');
    const pedido: Omit<PedidoInutilizacao, 'xmlAssinado'> = {
      companyId: registro.companyId,
      ambiente: registro.ambiente,
      uf: registro.emitenteUf,
      cnpj: registro.emitenteCnpj,
      modelo: registro.modelo,
      serie: registro.serie,
      de: registro.de,
      ate: registro.ate,
      ano: registro.ano,
      justificativa: registro.justificativa,
    };
    let xmlAssinado = registro.xmlAssinado;
    let resposta;
    try {
      if (!xmlAssinado) {
        xmlAssinado = await autorizador.prepararInutilizacao(pedido);
        // Stored before it is sent: a retry sends these very bytes.
        if (xmlAssinado) await this.deps.store.setVoiding(registro._id, { xmlAssinado });
      }
      resposta = await autorizador.inutilizar({ ...pedido, xmlAssinado });
    } catch (error) {
      // Nothing signed means nothing sent: the numbers are freed for the next attempt. A signed request may
      // have arrived: it stays PENDENTE and the job sends the same bytes again.
      if (!xmlAssinado) await this.abandonar(registro);
      throw error;
    }

    if (resposta.desfecho === 'INCERTO') {
      await this.deps.store.setVoiding(registro._id, { cStat: resposta.cStat, motivo: resposta.xMotivo });
      this.deps.log.warn({ inutilizacaoId: registro._id }, 'voiding outcome unknown; the job sends the same request again');
      return { tipo: 'PENDENTE', registro: { ...registro, xmlAssinado, cStat: resposta.cStat, motivo: resposta.xMotivo } };
    }
    if (resposta.desfecho === 'RECUSADA') {
      const recusa = { situacao: 'RECUSADA' as const, cStat: resposta.cStat, motivo: resposta.xMotivo };
      // The numbers are flagged before the record says RECUSADA, so whoever lists it sees them waiting for a person.
      if (registro.origem === 'AUTOMATICA') {
        await this.deps.store.flagVoidingRefused(serie, registro.de, registro.ate, { inutilizacaoId: registro._id, cStat: resposta.cStat, em: this.deps.clock() });
      }
      await this.deps.store.setVoiding(registro._id, recusa);
      await this.deps.store.releaseVoidingNumbers(registro._id);
      documentMetrics.voidingsRefused.inc({ model: registro.modelo, origin: registro.origem });
      this.deps.log.warn({ inutilizacaoId: registro._id, cStat: resposta.cStat, origem: registro.origem }, 'voiding refused by the authorizer');
      return { tipo: 'RECUSADA', registro: { ...registro, xmlAssinado, ...recusa } };
    }

    const inutilizadaEm = resposta.registradoEm ?? this.deps.clock();
    const eventId = eventoInutilizacaoId(serie, registro.de, registro.ate);
    const evento: NumeracaoInutilizadaEvent = {
      eventId,
      companyId: registro.companyId,
      ambiente: registro.ambiente,
      emitenteCnpj: registro.emitenteCnpj,
      modelo: registro.modelo,
      serie: registro.serie,
      numeroInicial: registro.de,
      numeroFinal: registro.ate,
      justificativa: registro.justificativa,
      protocolo: resposta.protocolo,
      inutilizadoEm: inutilizadaEm.toISOString(),
      origem: registro.origem,
    };
    const efeito: Partial<InutilizacaoRecord> = {
      situacao: 'INUTILIZADA',
      cStat: resposta.cStat,
      motivo: resposta.xMotivo,
      protocolo: resposta.protocolo,
      xml: resposta.xml,
      inutilizadaEm,
      outbox: pendingEvent(Subjects.numeracaoInutilizada, eventId, evento, this.deps.clock()),
    };
    // The outcome and its event in one write on the voiding (whose numbers this attempt holds); the relay marks
    // the numbers INUTILIZADO before it publishes, and so does this process right away.
    await this.deps.store.setVoiding(registro._id, efeito);
    documentMetrics.voided.inc({ model: registro.modelo, origin: registro.origem }, registro.ate - registro.de + 1);
    await this.deps.store.markNumbersVoided(serie, registro.de, registro.ate);
    await this.deps.announce().catch((error) => this.deps.log.warn({ err: error }, 'voiding event not published yet; relay will retry'));
    return { tipo: 'INUTILIZADA', registro: { ...registro, xmlAssinado, ...efeito } };
  }

  /** An attempt that sent nothing: its numbers are freed and the record removed. */
  private async abandonar(registro: InutilizacaoRecord): Promise<void> {
    await this.deps.store.releaseVoidingNumbers(registro._id);
    await this.deps.store.dropVoiding(registro._id);
  }

  async list(companyId: string, filtro: { modelo?: ModeloDocumento }, limite: number): Promise<InutilizacaoView[]> {
    const registros = await this.deps.store.voidingsOf(companyId, filtro, limite);
    const aguardando = await this.deps.store.refusalsAwaitingDecision(registros.filter((r) => r.situacao === 'RECUSADA' && r.origem === 'AUTOMATICA').map((r) => r._id));
    return registros.map((r) => inutilizacaoView(r, aguardando.has(r._id)));
  }
}
