import { CommonErrorCodes, Refusal, Subjects, TaxErrorCodes, type ContaPagarSolicitada, type Session } from '@erp/contracts';
import { pendingEvent } from '@erp/kit';
import type { OpcoesSimulacao } from '../domain';
import type { SimulacaoRecord, TituloRecord } from '../store/models';
import type { SimulationStore } from '../store/simulation-store';
import { provisioningMetrics } from './metrics';
import { lancamentosDaSimulacao, type Lancamento } from './payable-titles';
import { proximaVersao } from './title-versions';

/**
 * How many times one title's next version is tried before giving up: each failed claim means another provisioning
 * took that version, so this is the number of provisionings of the same title that may race at once.
 */
const TENTATIVAS_POR_TITULO = 50;

/**
 * Provisioning: a kept simulation of the company's own regime becomes its share of the period's payable titles.
 * A what-if (another regime) is refused. Each title is a chain of versions claimed by unique insert, so racing
 * provisionings of one period serialise on the chain without any conditional update (FerretDB loses those races).
 */
export class Provisioning {
  constructor(private readonly store: SimulationStore) {}

  /** Refuses (409) a simulation whose regime is not the company's, as the fiscal settings say now. */
  exigirRegimeDaEmpresa(record: SimulacaoRecord, opcoes: OpcoesSimulacao): void {
    const regimeEmpresa = opcoes.empresa?.regime ?? null;
    if (regimeEmpresa === record.resultado.regime) return;
    const motivo = regimeEmpresa
      ? `a simulação é de ${record.resultado.regime}, e a empresa é de ${regimeEmpresa}: uma simulação de outro regime é só comparação e não vira título`
      : `a empresa não tem regime tributário nas configurações fiscais, e só uma simulação do regime da empresa vira título`;
    throw new Refusal(TaxErrorCodes.REGIME_DIFERENTE_DA_EMPRESA, motivo, {
      status: 409,
      extra: { regimeSimulacao: record.resultado.regime, regimeEmpresa },
    });
  }

  /**
   * Puts each of the simulation's lines on its period's title. Partial work is never wrong: every version is
   * complete in itself, and a later call adds just what is missing.
   */
  async provisionar(session: Session, record: SimulacaoRecord, opcoes: OpcoesSimulacao, now: Date): Promise<void> {
    const lancamentos = lancamentosDaSimulacao(session.companyId, record._id, record.resultado, opcoes.vencimentos);
    await Promise.all(lancamentos.map((lancamento) => this.versionar(session, record, lancamento, now)));
  }

  private async versionar(session: Session, record: SimulacaoRecord, lancamento: Lancamento, now: Date): Promise<void> {
    const { companyId, userId } = session;
    for (let tentativa = 0; tentativa < TENTATIVAS_POR_TITULO; tentativa++) {
      const cadeia = await this.store.chainOf(companyId, lancamento.tituloId);
      const proxima = proximaVersao(cadeia, lancamento, record._id, record.criadaEm);
      if (proxima === null) return;
      const id = `${lancamento.tituloId}#${proxima.versao}`;
      const payload: ContaPagarSolicitada = {
        tituloId: lancamento.tituloId,
        versao: proxima.versao,
        companyId,
        simulacaoId: record._id,
        tributo: lancamento.tributo,
        periodo: lancamento.periodo,
        valorCentavos: proxima.valorCentavos,
        vencimento: proxima.vencimento,
        competencia: lancamento.competencia,
        credor: lancamento.credor,
        codigoReceita: lancamento.codigoReceita,
        solicitadoEm: now.toISOString(),
      };
      const doc: TituloRecord = {
        _id: id,
        companyId,
        tituloId: lancamento.tituloId,
        versao: proxima.versao,
        tributo: lancamento.tributo,
        periodo: lancamento.periodo,
        competencia: lancamento.competencia,
        simulacaoId: record._id,
        contribuicaoCentavos: lancamento.valorCentavos,
        valorCentavos: proxima.valorCentavos,
        vencimento: proxima.vencimento,
        figuraDe: proxima.figuraDe,
        credor: lancamento.credor,
        codigoReceita: lancamento.codigoReceita,
        criadoEm: now,
        criadoPor: userId,
        ...(proxima.muda ? { outbox: pendingEvent(Subjects.contaPagarSolicitada, id, payload, now) } : {}),
      };
      if (await this.store.claimTitleVersion(doc)) {
        provisioningMetrics.titles.inc({ tributo: lancamento.tributo });
        return;
      }
    }
    throw new Refusal(CommonErrorCodes.SERVICO_INDISPONIVEL, `muitos provisionamentos simultâneos do título ${lancamento.tituloId}; tente de novo`, { status: 503 });
  }
}
