import type { Ambiente, ServicoCte } from '@erp/contracts';
import type { FiscalSettingsReader, Logger } from '@erp/kit';
import { authorizerUnavailable } from '../app/refusals';
import type { Transmissor } from '../messaging/sefaz-relay';
import { lerRetConsultaCte } from '../xml/cte/answers';
import { consSitCTe, envelopeCte } from '../xml/cte/messages';
import type { Envio } from './sefaz-transport';

export interface DestinoCte {
  companyId: string;
  uf: string;
  ambiente: Ambiente;
  chaveAcesso: string;
}

/**
 * The SOAP 1.2 calls of the CT-e 4.00 web services through the settings relay (mutual TLS with the company's A1,
 * the company's timeout), as `SefazTransport` does for the NF-e: a refusal that means nothing was sent is a
 * configuration fault (AUTORIZADOR_INDISPONIVEL); any other failure is no answer, settled by a query by key.
 */
export class CteTransport {
  constructor(private readonly o: { transmitir: Transmissor; settings: FiscalSettingsReader; log: Logger }) {}

  async call(p: DestinoCte, servico: ServicoCte, mensagem: string): Promise<Envio> {
    const { timeoutSegundos } = await this.o.settings(p.companyId);
    const destino = { tipo: 'CTE' as const, uf: p.uf, ambiente: p.ambiente, modelo: 'CTE' as const, servico };
    const resposta = await this.o.transmitir(p.companyId, destino, envelopeCte(servico, mensagem), timeoutSegundos * 1000);
    if (!resposta.ok) {
      if (resposta.codigo === 'DESTINO_NAO_PERMITIDO' || resposta.codigo === 'CERTIFICADO_AUSENTE' || resposta.codigo === 'CERTIFICADO_EXPIRADO') {
        throw authorizerUnavailable(`a transmissão do CT-e foi recusada: ${resposta.erro}`, { motivo: resposta.codigo });
      }
      this.o.log.warn({ companyId: p.companyId, servico, codigo: resposta.codigo }, 'CT-e authorizer did not answer');
      return { ok: false, motivo: resposta.codigo };
    }
    if (resposta.status >= 500 && !resposta.corpo.includes('<cStat>')) {
      this.o.log.warn({ companyId: p.companyId, servico, status: resposta.status }, 'CT-e authorizer answered with a server error');
      return { ok: false, motivo: `HTTP ${resposta.status}` };
    }
    return { ok: true, corpo: resposta.corpo };
  }

  read<T>(envio: Envio, leitor: (corpo: string) => T): T | null {
    if (!envio.ok) return null;
    try {
      return leitor(envio.corpo);
    } catch (error) {
      this.o.log.warn({ err: error }, 'unreadable CT-e authorizer answer');
      return null;
    }
  }

  /** CTeConsultaV4: the key's protocol and every event registered for it. */
  async query(p: DestinoCte) {
    return this.read(await this.call(p, 'CTeConsultaV4', consSitCTe(p.ambiente === 'PRODUÇÃO', p.chaveAcesso)), lerRetConsultaCte);
  }
}
