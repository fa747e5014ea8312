import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Subjects } from '@erp/contracts';
import { requestReply } from '@erp/kit';
import { graphql, stackEnv } from '../support/env';
import { empresaConfigurada, empresaNova } from './tax-simulation-helpers';

/** `tax.v1.calculate` over a real NATS connection: the engine of the simulations, nothing kept, centavos. */
let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: stackEnv.natsUrl });
});
afterAll(() => nc.close());

describe('tax simulation - NATS tax.v1.calculate', () => {
  it('tax simulation - one result per operation, in centavos, with the rate in percent', async () => {
    const { companyId, admin } = await empresaNova('nats');
    const reply = await requestReply(nc, Subjects.taxCalculate, {
      companyId,
      operacoes: [
        // LP NFS-e R$ 100,000, ISS 5%, Jan 2026: PIS 650.00, COFINS 3,000.00, CSLL 2,880.00, IRPJ 4,800.00, ISS 5,000.00
        { tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-01-15', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 },
        // LP CT-e SP -> BA R$ 10,000: ICMS 7% 700.00, PIS 60.45, COFINS 279.00, IRPJ 120.00, CSLL 108.00 = 1,267.45
        { tipoDocumento: 'CTE', valor: 10000, dataOperacao: '2026-08-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', ufDestino: 'BA' },
      ],
    });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.resultados).toHaveLength(2);
    const [nfse, cte] = reply.resultados;
    expect(nfse.regime).toBe('LUCRO_PRESUMIDO');
    expect(nfse.totalDevidoCentavos).toBe(1633000);
    expect(nfse.linhas.map((l) => [l.tributo, l.baseCentavos, l.aliquota, l.valorCentavos, l.informativo, l.vencimento])).toEqual([
      ['PIS', 10000000, 0.65, 65000, false, '2026-02-25'],
      ['COFINS', 10000000, 3, 300000, false, '2026-02-25'],
      ['CSLL', 3200000, 9, 288000, false, '2026-04-30'],
      ['IRPJ', 3200000, 15, 480000, false, '2026-04-30'],
      ['ISS', 10000000, 5, 500000, false, '2026-02-18'],
      ['CBS', 9135000, 0.9, 82215, true, null],
      ['IBS_UF', 9135000, 0.1, 9135, true, null],
      ['IBS_MUN', 9135000, 0, 0, true, null],
    ]);
    expect(cte.totalDevidoCentavos).toBe(126745);
    expect(cte.linhas.find((l) => l.tributo === 'ICMS')).toMatchObject({ baseCentavos: 1000000, aliquota: 7, valorCentavos: 70000 });

    // Nothing was kept for the company.
    const lista = await graphql(`{ simulacoesImposto { itens { id } } }`, {}, admin);
    expect(lista.data!.simulacoesImposto.itens).toEqual([]);
  });

  it("tax simulation - the company's fiscal settings give the regime and UF when the operation does not", async () => {
    // Settings: LUCRO_PRESUMIDO, SP. NF-e R$ 1,000 on 20 Nov 2026, CFOP 5102 (inside SP):
    //   ICMS 18% = 180.00 (Thu 10 Dec); PIS (1,000 - 180) x 0.65% = 5.33; COFINS 820 x 3% = 24.60
    //   (25 Dec is Christmas -> anticipated to Thu 24 Dec); IRPJ 8% x 1,000 x 15% = 12.00; CSLL 12% x 1,000 x 9% = 10.80
    //   (Q4 2026 -> 31 Jan 2027 is a Sunday -> last business day Fri 29 Jan 2027); total 232.73
    const { companyId } = await empresaConfigurada({ regimeTributario: 'LUCRO_PRESUMIDO', uf: 'SP', aliquotaDas: null }, 'nats-cfg');
    const reply = await requestReply(nc, Subjects.taxCalculate, {
      companyId,
      operacoes: [{ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-11-20', cfop: '5102' }],
    });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    const [r] = reply.resultados;
    expect(r.regime).toBe('LUCRO_PRESUMIDO');
    expect(r.totalDevidoCentavos).toBe(23273);
    expect(r.linhas.filter((l) => !l.informativo).map((l) => [l.tributo, l.valorCentavos, l.vencimento])).toEqual([
      ['PIS', 533, '2026-12-24'],
      ['COFINS', 2460, '2026-12-24'],
      ['CSLL', 1080, '2027-01-29'],
      ['IRPJ', 1200, '2027-01-29'],
      ['ICMS', 18000, '2026-12-10'],
    ]);
  });

  it('tax simulation - a Lucro Real IRPJ/CSLL without the quarter profit comes as naoCalculavel, not as a plain 0', async () => {
    // LR NF-e R$ 1,000 inside SP, March 2026: ICMS 180.00, PIS (1,000 - 180) x 1.65% = 13.53, COFINS x 7.6% = 62.32;
    // IRPJ and CSLL need the quarter's real profit, which one document does not carry.
    const { companyId } = await empresaNova('nats-lr');
    const reply = await requestReply(nc, Subjects.taxCalculate, {
      companyId,
      operacoes: [{ tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-03-10', regime: 'LUCRO_REAL', ufOrigem: 'SP', cfop: '5102' }],
    });
    if (!reply.ok) throw new Error(JSON.stringify(reply));
    const [r] = reply.resultados;
    expect(r.completo).toBe(false);
    expect(r.totalDevidoCentavos).toBe(18000 + 1353 + 6232);
    for (const tributo of ['IRPJ', 'CSLL']) {
      expect(r.linhas.find((l) => l.tributo === tributo)).toMatchObject({ valorCentavos: 0, naoCalculavel: true, motivo: expect.stringContaining('lucroRealTrimestre') });
    }
    expect(r.linhas.find((l) => l.tributo === 'ICMS')).toMatchObject({ valorCentavos: 18000, naoCalculavel: false, motivo: null });
  });

  it('tax simulation - invalid operations get SIMULACAO_INVALIDA with every field of every operation', async () => {
    const { companyId } = await empresaNova('nats-invalida');
    const reply = await requestReply(nc, Subjects.taxCalculate, {
      companyId,
      operacoes: [
        { tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2026-05-04', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 2 },
        { tipoDocumento: 'NFE', valor: -1, dataOperacao: '2041-01-01', regime: 'LUCRO_REAL', ufOrigem: 'SP', ncm: '12' },
      ],
    });
    expect(reply).toMatchObject({ ok: false, codigo: 'SIMULACAO_INVALIDA' });
    if (reply.ok || !('campos' in reply)) throw new Error('expected SIMULACAO_INVALIDA');
    expect(reply.campos.map((c) => `${c.campo}:${c.regra}`).sort()).toEqual(
      ['operacoes[1].valor:NAO_POSITIVO', 'operacoes[1].dataOperacao:FORA_DO_PERIODO', 'operacoes[1].ncm:NCM_INVALIDO'].sort(),
    );
  });

  it('tax simulation - a request that breaks the contract gets CONTRATO_VIOLADO', async () => {
    const msg = await nc.request(Subjects.taxCalculate, JSON.stringify({ companyId: 'x', operacoes: [{ tipoDocumento: 'BOLETO' }] }), { timeout: 2_000 });
    expect(msg.json()).toMatchObject({ ok: false, codigo: 'CONTRATO_VIOLADO' });
  });
});
