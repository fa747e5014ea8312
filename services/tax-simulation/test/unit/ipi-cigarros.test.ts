import { simular } from '../../src/domain';
import { linha, resultado } from './helpers';

const cigarros = { tipoDocumento: 'NFE', valor: 10000, regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', ncm: '24022000' };

describe('IPI - cigarettes (NCM 2402.20.00) are under a special regime, never 300% of the price', () => {
  it('2026 - refused with REGIME_ESPECIAL_IPI naming the inputs the regime needs, with or without an IPI rate', () => {
    // The TIPI "300%" applied to a R$ 10,000 NF-e gave R$ 30,000 of IPI; the law's IPI (Lei 12.546/2011 arts. 14-20) is
    // 66.7% on a base from the retail price plus R$ 2.25 per pack: inputs a simulation does not carry.
    for (const extra of [{}, { aliquotaIpi: 300 }, { aliquotaIpi: 0 }]) {
      const s = simular({ ...cigarros, dataOperacao: '2026-05-10', ...extra });
      expect(s).toMatchObject({ ok: false, erros: [{ campo: 'ncm', regra: 'REGIME_ESPECIAL_IPI' }] });
      if (!s.ok) expect(s.erros[0].erro).toContain('preço de venda no varejo');
    }
  });

  it('2027 - the IPI is zero (ADCT art. 126 III) so nothing is refused; a ZFM-incentivised product keeps IPI, and is refused', () => {
    const r = resultado({ ...cigarros, dataOperacao: '2027-05-10', aliquotaIpi: 300 });
    expect(linha(r, 'IPI')).toMatchObject({ valorCentavos: 0, aliquota: { percentual: 0 } });
    expect(simular({ ...cigarros, dataOperacao: '2027-05-10', produtoZonaFrancaManaus: true })).toMatchObject({
      ok: false,
      erros: [{ campo: 'ncm', regra: 'REGIME_ESPECIAL_IPI' }],
    });
  });

  it('export and other documents - an export (CFOP 7.101) carries no IPI, and an NFC-e none either: not refused', () => {
    const exportacao = resultado({ tipoDocumento: 'NFE', valor: 10000, regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', ncm: '24022000', cfop: '7101', dataOperacao: '2026-05-10' });
    expect(exportacao.linhas.map((l) => l.tributo)).toEqual(['CSLL', 'IRPJ']);
    expect(simular({ ...cigarros, tipoDocumento: 'NFCE', dataOperacao: '2026-05-10' }).ok).toBe(true);
  });
});
