import { createHash } from 'node:crypto';
import { OperacoesSefaz } from '@erp/contracts';
import type { Logger } from '@erp/kit';
import { envelopeSoap, soapFault } from '../domain/respostas';
import type { Registro } from '../store/registro';
import { autorizar } from './autorizacao';
import type { Cenarios, Servico } from './cenarios';
import { consultar, consultarRecibo, status } from './consultas';
import { registrarEvento } from './eventos';
import { inutilizar } from './inutilizacao';
import { MensagemInvalida, mensagemDoEnvelope, type Atendimento, type Resposta } from './mensagem';

/** The authority serves homologation (tpAmb 2) only. */
const TP_AMB_HOMOLOGACAO = '2';

export const ehServico = (nome: string): nome is Servico => Object.hasOwn(OperacoesSefaz, nome);

const ATENDE = {
  NFeAutorizacao4: autorizar,
  NFeRetAutorizacao4: consultarRecibo,
  NFeConsultaProtocolo4: consultar,
  NFeRecepcaoEvento4: registrarEvento,
  NFeInutilizacao4: inutilizar,
  NFeStatusServico4: status,
} as const;

/** What the transport sends: the SOAP envelope and HTTP status, or a dropped connection, after a delay or not. */
export interface Saida {
  status: number;
  corpo: string;
  derrubar: boolean;
  atrasoMs: number;
}

/** The signed document of a request as its bytes arrived (NFe, evento, inutNFe): a resend must be byte-identical. */
function assinadoRecebido(corpo: string): string {
  return /<(NFe|evento|inutNFe)[\s>][\s\S]*<\/\1>/.exec(corpo)?.[0] ?? corpo;
}

/** The web services of the NF-e 4.00 authorizer, behind the transport (`http/servidor.ts`). */
export class Autoridade {
  constructor(
    readonly registro: Registro,
    readonly cenarios: Cenarios,
    private readonly log: Logger,
  ) {}

  async atender(servico: Servico, corpo: string, clienteTls: Buffer): Promise<Saida> {
    let resposta: Resposta;
    try {
      const mensagem = mensagemDoEnvelope(servico, corpo);
      const atendimento: Atendimento = { registro: this.registro, cenarios: this.cenarios, clienteTls, tpAmb: TP_AMB_HOMOLOGACAO, recebidoEm: new Date() };
      resposta = await ATENDE[servico](mensagem, atendimento);
    } catch (error) {
      if (error instanceof MensagemInvalida) return { status: 400, corpo: soapFault(error.message), derrubar: false, atrasoMs: 0 };
      throw error;
    }
    if (resposta.cnpj) this.cenarios.receber(resposta.cnpj, servico, createHash('sha256').update(assinadoRecebido(corpo)).digest('hex'));
    const atrasoMs = resposta.passo === 'PROCESSA_E_ATRASA' ? (resposta.cnpj ? this.cenarios.cenario(resposta.cnpj).atrasoMs : undefined) ?? 8_000 : 0;
    if (resposta.passo !== 'NORMAL') this.log.info({ servico, cnpj: resposta.cnpj, passo: resposta.passo }, 'scenario step applied');
    if (resposta.passo === 'ERRO_500') return { status: 500, corpo: soapFault('Erro interno', 'Receiver'), derrubar: false, atrasoMs };
    return { status: 200, corpo: envelopeSoap(servico, resposta.corpo), derrubar: resposta.passo === 'PROCESSA_E_DERRUBA' || resposta.passo === 'DERRUBA', atrasoMs };
  }
}
