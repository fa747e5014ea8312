import { Subjects, type AlgoritmoAssinatura, type DestinoTransmissao, type SettingsTransmitReply } from '@erp/contracts';
import { requestReply, type NatsConnection } from '@erp/kit';
import type { Assinador } from '../xml/signature';

/**
 * The settings service's relays, the only way this service uses a company's A1 key: `settings.v1.sign` signs
 * the canonical `SignedInfo` bytes, `settings.v1.transmit` makes the HTTPS call with the certificate as the
 * TLS client certificate. Neither hands out the key.
 */
export type Transmissor = (companyId: string, destino: DestinoTransmissao, corpo: string, timeoutMs: number, soapAction?: string) => Promise<SettingsTransmitReply>;

export function assinadorDaEmpresa(nc: NatsConnection, companyId: string, timeoutMs: number, algoritmo: AlgoritmoAssinatura = 'RSA-SHA1'): Assinador {
  return async (dados) => {
    const reply = await requestReply(nc, Subjects.settingsSign, { companyId, algoritmo, dadosBase64: dados.toString('base64') }, { timeoutMs });
    if (!reply.ok) throw new Error(`signing refused: ${reply.codigo}: ${reply.erro}`);
    return { assinaturaBase64: reply.assinaturaBase64, certificadoBase64: reply.certificadoBase64 };
  };
}

/**
 * A NATS request whose own timeout exceeds the relay's HTTPS timeout, so the relay's verdict (an answer or
 * TEMPO_ESGOTADO) arrives rather than a NATS timeout. A NATS failure is reported like a lost connection: the
 * request may or may not have reached SEFAZ.
 */
export function transmissor(nc: NatsConnection): Transmissor {
  return async (companyId, destino, corpo, timeoutMs, soapAction) => {
    try {
      return await requestReply(nc, Subjects.settingsTransmit, { companyId, destino, corpo, ...(soapAction ? { soapAction } : {}) }, { timeoutMs: timeoutMs + 5_000 });
    } catch (error) {
      return { ok: false, codigo: 'FALHA_CONEXAO', erro: `relay did not answer: ${error instanceof Error ? error.message : String(error)}` };
    }
  };
}
