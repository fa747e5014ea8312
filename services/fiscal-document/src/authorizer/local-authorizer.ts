import { randomInt } from 'node:crypto';
import type { Connection, mongo } from 'mongoose';
import { claimOnce, systemClock, type Clock } from '@erp/kit';
import { cUfFromSigla, PRAZOS_CANCELAMENTO } from '@erp/fiscal-rules';
import { chaveValida } from '../domain/access-key';
import type {
  Autorizador,
  ConsultaCancelamento,
  PedidoAutorizacao,
  PedidoCancelamento,
  PedidoInutilizacao,
  RespostaAutorizacao,
  RespostaCancelamento,
  RespostaInutilizacao,
  RespostaStatus,
} from './authorizer';

/** What the local authorizer keeps of each authorization and cancellation (its own "SEFAZ database"). */
interface RegistroLocal {
  _id: string;
  chaveAcesso: string;
  protocolo: string;
  em: Date;
  autorizadoEm?: Date;
}

export function createLocalAuthorizer(db: Connection, now: Clock = systemClock): Autorizador {
  return new LocalAuthorizer(db.collection<RegistroLocal>('autorizador_local'), now);
}

const cUfDoPedido = (p: PedidoInutilizacao) => cUfFromSigla(p.uf) ?? '00';

/** An NCM absent from every TIPI: SEFAZ answers 778 "NCM inexistente". */
export const NCM_INEXISTENTE = '00000000';

/** 15-digit protocol: tipo(1) + cUF(2) + AA(2) + sequence(10), the shape SEFAZ uses. */
function protocolo(chave: string, em: Date): string {
  return `1${chave.slice(0, 2)}${String(em.getUTCFullYear() % 100).padStart(2, '0')}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

const refused = (cStat: string, xMotivo: string): RespostaAutorizacao => ({ desfecho: 'REJEITADO', cStat, xMotivo, protocolo: null, autorizadoEm: null, xmlAutorizado: null });
const refusedCancel = (cStat: string, xMotivo: string): RespostaCancelamento => ({
  desfecho: cStat === '501' || cStat === '220' ? 'PRAZO_EXPIRADO' : 'RECUSADO',
  cStat,
  xMotivo,
  protocolo: null,
  registradoEm: null,
  xmlEvento: null,
});
const authorized = (xMotivo: string, protocolo: string, autorizadoEm: Date): RespostaAutorizacao => ({
  desfecho: 'AUTORIZADO',
  cStat: '100',
  xMotivo,
  protocolo,
  autorizadoEm,
  xmlAutorizado: null,
});
const registered = (xMotivo: string, protocolo: string, registradoEm: Date): RespostaCancelamento => ({
  desfecho: 'REGISTRADO',
  cStat: '135',
  xMotivo,
  protocolo,
  registradoEm,
  xmlEvento: null,
});

/**
 * A local stand-in for SEFAZ used by `npm start` and the tests, for documents in HOMOLOGAÇÃO only. It applies
 * SEFAZ's own checks on what it receives and answers with SEFAZ's codes: the key's layout and check digit
 * (236), the number range (the key and the request must agree), a number already used with another key (539)
 * or the same key already authorized (204, answered here as the earlier authorization, as a protocol query
 * would), a voided number (206), an NCM that exists in no TIPI (778: `00000000`), and on cancellation an
 * unknown key (217), the legal deadline (501 NF-e/NFC-e, 220 CT-e) and a second cancellation (573, answered
 * with the registered one); voiding as below. Its registry is a collection of claims, so it is exact under
 * concurrency like everything else.
 */
class LocalAuthorizer implements Autorizador {
  readonly nome = 'local';
  readonly transmiteXml = false;

  constructor(
    private readonly registros: mongo.Collection<RegistroLocal>,
    private readonly now: Clock,
  ) {}

  // Nothing is built, signed or transmitted: the local authorizer judges the request itself.
  async conferirLeiaute(): Promise<[]> {
    return [];
  }

  async prepararAutorizacao(): Promise<null> {
    return null;
  }

  async prepararCancelamento(): Promise<null> {
    return null;
  }

  async prepararInutilizacao(): Promise<null> {
    return null;
  }

  /** Always in operation: it is this process. */
  async statusServico(): Promise<RespostaStatus> {
    return { cStat: '107', xMotivo: 'Serviço em Operação (autorizador local)' };
  }

  async autorizar(p: PedidoAutorizacao): Promise<RespostaAutorizacao> {
    if (p.ambiente !== 'HOMOLOGAÇÃO') return refused('252', 'Ambiente informado diverge do ambiente de recebimento');
    const chave = p.chaveAcesso;
    const nfse = p.modelo === 'NFSE';
    if (!nfse && !chaveValida(chave)) return refused('236', 'Rejeição: chave de acesso com dígito verificador inválido');
    if (nfse && !/^[0-9]{7}[0-9A-Z]{16}[0-9]{27}$/.test(chave)) return refused('236', 'Rejeição: chave de acesso inválida');
    if (!nfse && (Number(chave.slice(25, 34)) !== p.numero || Number(chave.slice(22, 25)) !== p.serie || chave.slice(6, 20) !== p.cnpj.padStart(14, '0'))) {
      return refused('614', 'Rejeição: chave de acesso difere dos dados do documento');
    }
    if (p.numero < 1 || p.numero > 999_999_999 || p.serie < 0 || p.serie > 999) return refused('455', 'Rejeição: número ou série fora da faixa');

    if (await this.registros.findOne({ _id: `inutnum:${p.ambiente}|${p.cnpj}|${p.modelo}|${p.serie}|${p.numero}` })) {
      return refused('206', 'Rejeição: NF-e já está inutilizada na Base de dados da SEFAZ');
    }
    // SEFAZ checks each NCM against the TIPI; 00000000 is in no version of it (goods need a real code). This is
    // also how a developer provokes a rejection (and a burned number to void) with `npm start`.
    if (p.ncms.includes(NCM_INEXISTENTE)) return refused('778', 'Rejeição: Informado NCM inexistente');

    const em = this.now();
    const numeroId = `num:${p.ambiente}|${p.cnpj}|${p.modelo}|${p.serie}|${p.numero}`;
    const registro: RegistroLocal = { _id: numeroId, chaveAcesso: chave, protocolo: protocolo(chave, em), em, autorizadoEm: em };
    if (!(await claimOnce(this.registros, registro))) {
      const existente = await this.registros.findOne({ _id: numeroId });
      if (!existente || existente.chaveAcesso !== chave) return refused('539', `Rejeição: duplicidade de número com diferença na chave de acesso [${existente?.chaveAcesso ?? ''}]`);
      // 204 "duplicidade": the same document again. SEFAZ's answer is read by a protocol query: adopt it.
      return authorized('Autorizado o uso (já autorizado antes)', existente.protocolo, existente.autorizadoEm ?? existente.em);
    }
    await claimOnce(this.registros, { _id: `chave:${chave}`, chaveAcesso: chave, protocolo: registro.protocolo, em, autorizadoEm: em });
    return authorized('Autorizado o uso', registro.protocolo, em);
  }

  async cancelar(p: PedidoCancelamento): Promise<RespostaCancelamento> {
    const autorizacao = await this.registros.findOne({ _id: `chave:${p.chaveAcesso}` });
    if (!autorizacao || autorizacao.protocolo !== p.protocolo) {
      return autorizacao ? refusedCancel('222', 'Rejeição: protocolo difere do cadastrado') : refusedCancel('217', 'Rejeição: documento não consta na base');
    }
    const regra = PRAZOS_CANCELAMENTO[p.modelo];
    if (regra.tipo === 'horas') {
      const limite = (autorizacao.autorizadoEm ?? autorizacao.em).getTime() + regra.maximoLegalHoras * 3_600_000;
      if (p.solicitadoEm.getTime() > limite) {
        return p.modelo === 'CTE' ? refusedCancel('220', 'Rejeição: CT-e autorizado há mais de 7 dias (168 horas)') : refusedCancel('501', 'Rejeição: prazo de cancelamento superior ao previsto na legislação');
      }
    }
    const em = this.now();
    const cancelamentoId = `canc:${p.chaveAcesso}`;
    if (await claimOnce(this.registros, { _id: cancelamentoId, chaveAcesso: p.chaveAcesso, protocolo: protocolo(p.chaveAcesso, em), em })) {
      const registrado = (await this.registros.findOne({ _id: cancelamentoId }))!;
      return registered('Evento registrado e vinculado ao documento', registrado.protocolo, registrado.em);
    }
    // 573 "duplicidade de evento": already cancelled; a query returns the registered cancellation. Adopt it.
    const existente = (await this.registros.findOne({ _id: cancelamentoId }))!;
    return registered('Evento registrado e vinculado ao documento (já registrado)', existente.protocolo, existente.em);
  }

  /** What a query by key says: the registered cancellation, or none (nothing here is ever unknown). */
  async consultarCancelamento(p: ConsultaCancelamento): Promise<RespostaCancelamento> {
    const cancelamento = await this.registros.findOne({ _id: `canc:${p.chaveAcesso}` });
    if (cancelamento) return registered('Evento registrado e vinculado ao documento', cancelamento.protocolo, cancelamento.em);
    return { desfecho: 'NAO_REGISTRADO', cStat: '100', xMotivo: 'Autorizado o uso', protocolo: null, registradoEm: null, xmlEvento: null };
  }

  /**
   * Voiding (inutilização), with SEFAZ's answers: 252 outside homologation, 241 when a number of the range was
   * authorized here, 563 for the same range again (answered with the earlier protocol: adopted as voided), 256
   * when a number is already voided in another range, 102 otherwise. Each number is claimed by its own insert
   * (`inutnum:`), so two overlapping voidings can never both be registered; an authorization of a voided number
   * is then refused with 206, as SEFAZ does.
   */
  async inutilizar(p: PedidoInutilizacao): Promise<RespostaInutilizacao> {
    const recusada = (cStat: string, xMotivo: string): RespostaInutilizacao => ({ desfecho: 'RECUSADA', cStat, xMotivo, protocolo: null, registradoEm: null, xml: null });
    if (p.ambiente !== 'HOMOLOGAÇÃO') return recusada('252', 'Rejeição: Ambiente informado diverge do Ambiente de recebimento');
    if (p.de < 1 || p.ate > 999_999_999 || p.de > p.ate) return recusada('682', 'Rejeição: Faixa de numeração inválida');
    const base = `${p.ambiente}|${p.cnpj}|${p.modelo}|${p.serie}`;
    const ids = Array.from({ length: p.ate - p.de + 1 }, (_, i) => `num:${base}|${p.de + i}`);
    if ((await this.registros.countDocuments({ _id: { $in: ids } })) > 0) return recusada('241', 'Rejeição: Um número da faixa já foi utilizado');

    const faixaId = `inut:${base}|${p.de}|${p.ate}`;
    const em = this.now();
    const registro: RegistroLocal = { _id: faixaId, chaveAcesso: '', protocolo: protocolo(`${cUfDoPedido(p)}`.padEnd(44, '0'), em), em };
    const adotada = (r: RegistroLocal, cStat: string, xMotivo: string): RespostaInutilizacao => ({ desfecho: 'INUTILIZADA', cStat, xMotivo, protocolo: r.protocolo, registradoEm: r.em, xml: null });
    const existente = await this.registros.findOne({ _id: faixaId });
    if (existente) return adotada(existente, '563', 'Rejeição: Já existe pedido de Inutilização com a mesma faixa de inutilização');
    const tomados: string[] = [];
    for (let n = p.de; n <= p.ate; n += 1) {
      const _id = `inutnum:${base}|${n}`;
      if (!(await claimOnce(this.registros, { _id, chaveAcesso: faixaId, protocolo: '', em }))) {
        const dono = await this.registros.findOne({ _id });
        if (dono?.chaveAcesso === faixaId) continue;
        await this.registros.deleteMany({ _id: { $in: tomados } });
        return recusada('256', 'Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ');
      }
      tomados.push(_id);
    }
    if (await claimOnce(this.registros, registro)) return { desfecho: 'INUTILIZADA', cStat: '102', xMotivo: 'Inutilização de número homologado', protocolo: registro.protocolo, registradoEm: em, xml: null };
    // The same range at once from elsewhere: one registration, the other adopts it (563).
    return adotada((await this.registros.findOne({ _id: faixaId }))!, '563', 'Rejeição: Já existe pedido de Inutilização com a mesma faixa de inutilização');
  }
}
