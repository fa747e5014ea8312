import type { CampoInvalido, ConfiguracaoFiscalCompartilhada } from '@erp/contracts';
import type { FiscalSettingsReader } from '@erp/kit';
import type { DocumentoRecord } from '../store/document-model';
import type {
  Autorizador,
  ConsultaCancelamento,
  PedidoAutorizacao,
  PedidoCancelamento,
  PedidoInutilizacao,
  PedidoStatus,
  RespostaAutorizacao,
  RespostaCancelamento,
  RespostaInutilizacao,
  RespostaStatus,
} from './authorizer';

/**
 * The NFS-e's authorizer: the company's provider (`nfse.provedor` of the settings) chooses the adapter, Sefin
 * Nacional or ABRASF 2.04, for every call. A provider changed between the emission and a cancellation sends the
 * cancellation to the new one; the settings' version at the emission is not kept (docs/nfse.md).
 */
export class NfseAuthorizer implements Autorizador {
  readonly nome = 'nfse';
  readonly transmiteXml = true;

  constructor(
    private readonly settings: FiscalSettingsReader,
    private readonly nacional: Autorizador,
    private readonly abrasf: Autorizador,
  ) {}

  private de(settings: ConfiguracaoFiscalCompartilhada): Autorizador {
    return settings.nfse.provedor === 'NACIONAL' || !settings.nfse.provedor ? this.nacional : this.abrasf;
  }

  private async da(companyId: string): Promise<Autorizador> {
    return this.de(await this.settings(companyId));
  }

  conferirLeiaute(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<CampoInvalido[]> {
    return this.de(settings).conferirLeiaute(doc, settings);
  }

  prepararAutorizacao(doc: DocumentoRecord, settings: ConfiguracaoFiscalCompartilhada): Promise<string | null> {
    return this.de(settings).prepararAutorizacao(doc, settings);
  }

  async autorizar(p: PedidoAutorizacao): Promise<RespostaAutorizacao> {
    return (await this.da(p.companyId)).autorizar(p);
  }

  async prepararCancelamento(p: Omit<PedidoCancelamento, 'xmlAssinado'>): Promise<string | null> {
    return (await this.da(p.companyId)).prepararCancelamento(p);
  }

  async cancelar(p: PedidoCancelamento): Promise<RespostaCancelamento> {
    return (await this.da(p.companyId)).cancelar(p);
  }

  async consultarCancelamento(p: ConsultaCancelamento): Promise<RespostaCancelamento> {
    return (await this.da(p.companyId)).consultarCancelamento(p);
  }

  async prepararInutilizacao(p: Omit<PedidoInutilizacao, 'xmlAssinado'>): Promise<string | null> {
    return (await this.da(p.companyId)).prepararInutilizacao(p);
  }

  async inutilizar(p: PedidoInutilizacao): Promise<RespostaInutilizacao> {
    return (await this.da(p.companyId)).inutilizar(p);
  }

  async statusServico(p: PedidoStatus): Promise<RespostaStatus> {
    return (await this.da(p.companyId)).statusServico(p);
  }
}
