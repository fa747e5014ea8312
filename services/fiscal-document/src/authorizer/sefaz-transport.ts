import { randomInt } from 'node:crypto';
import type { Ambiente, ServicoSefaz } from '@erp/contracts';
import type { FiscalSettingsReader, Logger } from '@erp/kit';
import { authorizerUnavailable } from '../app/refusals';
import type { Transmissor } from '../messaging/sefaz-relay';
import { lerRetornoConsulta, type RetornoConsulta } from '../xml/answers';
import { modeloSefaz } from '../xml/nfe-data';
import { consSitNFe, envelopeSoap } from '../xml/requests';

/** An answer's body, or why there is none (the request may or may not have been processed). */
export type Envio = { ok: true; corpo: string } | { ok: false; motivo: string };

/** `idLote`: up to 15 digits, unique enough per issuer (SEFAZ only echoes it). */
export const idLote = () => `${Date.now()}${randomInt(0, 100)}`.slice(-15);

/** Whom a call goes to: the issuer's UF, the environment and the model (NF-e and NFC-e have their own servers). */
export interface DestinoNfe {
  companyId: string;
  uf: string;
  ambiente: Ambiente;
  modelo: string;
}

/**
 * The SOAP 1.2 calls of the NF-e 4.00 web services, through the settings service's relay (mutual TLS with the
 * company's A1 certificate, the company's timeout). A refusal of the relay that means nothing was sent is a
 * configuration fault (AUTORIZADOR_INDISPONIVEL); any other failure is no answer, to be settled by a query.
 */
export class SefazTransport {
  constructor(private readonly o: { transmitir: Transmissor; settings: FiscalSettingsReader; log: Logger }) {}

  async call(p: DestinoNfe, servico: ServicoSefaz, mensagem: string): Promise<Envio> {
    const { timeoutSegundos } = await this.o.settings(p.companyId);
    const destino = { tipo: 'SEFAZ' as const, uf: p.uf, ambiente: p.ambiente, modelo: modeloSefaz(p.modelo), servico, contingencia: false };
    const resposta = await this.o.transmitir(p.companyId, destino, envelopeSoap(servico, mensagem), timeoutSegundos * 1000);
    if (!resposta.ok) {
      if (resposta.codigo === 'DESTINO_NAO_PERMITIDO' || resposta.codigo === 'CERTIFICADO_AUSENTE' || resposta.codigo === 'CERTIFICADO_EXPIRADO') {
        // Nothing was sent: a configuration fault, not an unknown outcome.
        throw authorizerUnavailable(`a transmissão à SEFAZ foi recusada: ${resposta.erro}`, { motivo: resposta.codigo });
      }
      this.o.log.warn({ companyId: p.companyId, servico, codigo: resposta.codigo }, 'SEFAZ did not answer');
      return { ok: false, motivo: resposta.codigo };
    }
    if (resposta.status >= 500 && !resposta.corpo.includes('<cStat>')) {
      this.o.log.warn({ companyId: p.companyId, servico, status: resposta.status }, 'SEFAZ answered with a server error');
      return { ok: false, motivo: `HTTP ${resposta.status}` };
    }
    return { ok: true, corpo: resposta.corpo };
  }

  /** Reads an answer; an unreadable one counts as no answer. */
  read<T>(envio: Envio, leitor: (corpo: string) => T): T | null {
    if (!envio.ok) return null;
    try {
      return leitor(envio.corpo);
    } catch (error) {
      this.o.log.warn({ err: error }, 'unreadable SEFAZ answer');
      return null;
    }
  }

  /** NFeConsultaProtocolo4: what SEFAZ holds of a key (the authorization, a denial, the cancellation events). */
  async query(p: DestinoNfe & { chaveAcesso: string }): Promise<RetornoConsulta | null> {
    return this.read(await this.call(p, 'NFeConsultaProtocolo4', consSitNFe(p.ambiente === 'PRODUÇÃO', p.chaveAcesso)), lerRetornoConsulta);
  }
}
