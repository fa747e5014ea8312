import type { ServicoCte, ServicoSefaz } from '@erp/contracts';
import Joi from 'joi';

/**
 * Scenario control (tests, and a developer reproducing an awkward case): per issuer CNPJ, the next answers of
 * each service. Off unless `LOCAL_AUTHORITY_CONTROL_PORT` is set; kept in memory (a restart forgets scenarios and
 * the call counts, never the registry).
 *
 * `PROCESSA_E_DERRUBA`: processed, then the connection dropped; `PROCESSA_E_ATRASA`: processed, answered after
 * `atrasoMs`; `DERRUBA`: dropped before anything is processed; `NAO_CONSTA`: a query answered 217 whatever the
 * registry says; `ANTES_DO_CANCELAMENTO`: a query answered as if a registered cancellation were not there yet;
 * `ASSINCRONO`: the batch answered 103 with a receipt (polled: 105, then 104); `ASSINCRONO_105`: 105 with a receipt
 * first; `REGISTRA_E_580`: the cancellation registered and answered 580; `ERRO_500`: a SOAP fault with HTTP 500.
 */
export const PASSOS = ['NORMAL', 'PROCESSA_E_DERRUBA', 'PROCESSA_E_ATRASA', 'DERRUBA', 'NAO_CONSTA', 'ANTES_DO_CANCELAMENTO', 'ASSINCRONO', 'ASSINCRONO_105', 'REGISTRA_E_580', 'ERRO_500'] as const;
export type Passo = (typeof PASSOS)[number];

/** A receipt poll: `NAO_LOCALIZADO` 106, `SEM_PROTOCOLO` a 104 without the NF-e's protocol, `NORMAL` the batch's state. */
export const PASSOS_RECIBO = ['NORMAL', 'NAO_LOCALIZADO', 'SEM_PROTOCOLO'] as const;
export type PassoRecibo = (typeof PASSOS_RECIBO)[number];

export interface Cenario {
  autorizacao?: Passo[];
  consulta?: Passo[];
  evento?: Passo[];
  inutilizacao?: Passo[];
  recibo?: PassoRecibo[];
  /** cStat of NFeStatusServico4 for this issuer (known by its TLS client certificate): 107 unless set (108, 109). */
  status?: string;
  /** cStat of a refusal (241, 256...) for the next voiding request of this issuer. */
  recusarInutilizacao?: string;
  /** The next cancellation is registered out of deadline: 155 instead of 135 (the query then says 151). */
  cancelamentoForaDoPrazo?: boolean;
  /** cStat of a denial (110, 301, 302) for the next authorization. */
  denegar?: string;
  /** cStat of a rejection for the next authorization that passes every check (e.g. 778, NCM unknown). */
  rejeitar?: string;
  /** A cancellation later than this after authorization is refused with 501. */
  prazoCancelamentoMinutos?: number;
  /** How late a PROCESSA_E_ATRASA answer of this issuer comes (default 8 s). */
  atrasoMs?: number;
}

const passos = Joi.array().items(Joi.string().valid(...PASSOS)).max(100);
export const esquemaCenario = Joi.object({
  cnpj: Joi.string().pattern(/^[0-9A-Z]{12}[0-9]{2}$/).required(),
  autorizacao: passos,
  consulta: passos,
  evento: passos,
  inutilizacao: passos,
  recibo: Joi.array().items(Joi.string().valid(...PASSOS_RECIBO)).max(100),
  status: Joi.string().pattern(/^\d{3}$/),
  recusarInutilizacao: Joi.string().pattern(/^\d{3}$/),
  cancelamentoForaDoPrazo: Joi.boolean(),
  denegar: Joi.string().valid('110', '301', '302', '303'),
  // A cStat (NF-e), or a Sefin error code (NFS-e: E0xxx).
  rejeitar: Joi.string().pattern(/^(\d{3,4}|E\d{4})$/),
  prazoCancelamentoMinutos: Joi.number().min(0),
  atrasoMs: Joi.number().integer().min(0).max(120_000),
});

/** The NF-e web services the authority answers: every one the relay may call. */
export type Servico = ServicoSefaz;
/** What is counted per issuer: the NF-e services, the CT-e stand-in's (src/cte), and the Sefin stand-in's emission and events (NFS-e). */
export type ServicoContado = ServicoSefaz | ServicoCte | 'SefinNfse' | 'SefinEventos';

interface Emitente {
  cenario: Cenario;
  chamadas: Partial<Record<ServicoContado, number>>;
  /** Every request received, in order: the service and the SHA-256 of its signed document as it arrived. */
  recebidos: { servico: ServicoContado; sha256: string }[];
}

/** Bounds what a long-running development authority keeps in memory. */
const MAX_EMITENTES = 10_000;

export class Cenarios {
  private readonly emitentes = new Map<string, Emitente>();

  private de(cnpj: string): Emitente {
    let e = this.emitentes.get(cnpj);
    if (!e) {
      if (this.emitentes.size >= MAX_EMITENTES) this.emitentes.clear();
      e = { cenario: {}, chamadas: {}, recebidos: [] };
      this.emitentes.set(cnpj, e);
    }
    return e;
  }

  definir(cnpj: string, cenario: Cenario): void {
    this.de(cnpj).cenario = cenario;
  }

  cenario(cnpj: string): Cenario {
    return this.de(cnpj).cenario;
  }

  /** The next step of a service for this issuer (consumed). */
  proximo(cnpj: string, lista: 'autorizacao' | 'consulta' | 'evento' | 'inutilizacao'): Passo {
    return this.de(cnpj).cenario[lista]?.shift() ?? 'NORMAL';
  }

  proximoRecibo(cnpj: string): PassoRecibo {
    return this.de(cnpj).cenario.recibo?.shift() ?? 'NORMAL';
  }

  /** A one-shot setting (denegar, rejeitar...): read and cleared. */
  consumir<K extends 'denegar' | 'rejeitar' | 'recusarInutilizacao' | 'cancelamentoForaDoPrazo'>(cnpj: string, chave: K): Cenario[K] {
    const cenario = this.de(cnpj).cenario;
    const valor = cenario[chave];
    delete cenario[chave];
    return valor;
  }

  contar(cnpj: string, servico: ServicoContado): void {
    const e = this.de(cnpj);
    e.chamadas[servico] = (e.chamadas[servico] ?? 0) + 1;
  }

  receber(cnpj: string, servico: ServicoContado, sha256: string): void {
    this.de(cnpj).recebidos.push({ servico, sha256 });
  }

  diagnostico(cnpj: string): Pick<Emitente, 'chamadas' | 'recebidos'> {
    const e = this.de(cnpj);
    return { chamadas: e.chamadas, recebidos: e.recebidos };
  }
}
