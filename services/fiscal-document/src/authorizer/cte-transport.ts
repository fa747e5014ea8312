import type { Ambiente, ModeloCte, ServicoCte } from '@erp/contracts';
import { modeloDaChave } from '../domain/access-key';
import type { FiscalSettingsReader, Logger } from '@erp/kit';
import { authorizerUnavailable } from '../app/refusals';
import type { Transmissor } from '../messaging/sefaz-relay';
import { cUfFromSigla } from '@erp/fiscal-rules';
import { lerRetConsultaCte, lerRetStatusCte } from '../xml/cte/answers';
import { consSitCTe, consStatServCTe, envelopeCte } from '../xml/cte/messages';
import type { Envio } from './sefaz-transport';

/** The CT-e table's model of a key: 67 is the CT-e OS (its own authorizers' URLs), else the CT-e (57). */
export const modeloCteDaChave = (chave: string): ModeloCte => (modeloDaChave(chave) === '67' ? 'CTEOS' : 'CTE');

export interface DestinoCte {
  companyId: string;
  uf: string;
  ambiente: Ambiente;
  chaveAcesso: string;
}

/** A call about no document (CTeStatusServicoV4): the model's table is named instead of read from a key. */
export type DestinoCteSemChave = Omit<DestinoCte, 'chaveAcesso'> & { modeloCte: ModeloCte };

/**
 * The SOAP 1.2 calls of the CT-e 4.00 web services through the settings relay (mutual TLS with the company's A1,
 * the company's timeout), as `SefazTransport` does for the NF-e: a refusal that means nothing was sent is a
 * configuration fault (AUTORIZADOR_INDISPONIVEL); any other failure is no answer, settled by a query by key.
 */
export class CteTransport {
  constructor(private readonly o: { transmitir: Transmissor; settings: FiscalSettingsReader; log: Logger }) {}

  async call(p: DestinoCte | DestinoCteSemChave, servico: ServicoCte, mensagem: string): Promise<Envio> {
    const { timeoutSegundos } = await this.o.settings(p.companyId);
    const destino = { tipo: 'CTE' as const, uf: p.uf, ambiente: p.ambiente, modelo: 'chaveAcesso' in p ? modeloCteDaChave(p.chaveAcesso) : p.modeloCte, servico };
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

  /** CTeStatusServicoV4 (plain XML): 107 in operation; 108/109 paralysed; null without an answer. */
  async status(p: DestinoCteSemChave) {
    return this.read(await this.call(p, 'CTeStatusServicoV4', consStatServCTe(p.ambiente === 'PRODUÇÃO', cUfFromSigla(p.uf) ?? '00')), lerRetStatusCte);
  }

  /** CTeConsultaV4: the key's protocol and every event registered for it. */
  async query(p: DestinoCte) {
    return this.read(await this.call(p, 'CTeConsultaV4', consSitCTe(p.ambiente === 'PRODUÇÃO', p.chaveAcesso)), lerRetConsultaCte);
  }
}
