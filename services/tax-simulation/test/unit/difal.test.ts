import { simular, simularDocumento } from '../../src/domain';
import { linha, resultado, valores } from './helpers';

// Lucro Presumido NF-e of R$ 1,000 from SP (Southeast) to CE (Northeast, internal 20%, base única): interstate 7%.
const venda = { tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-06-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', ufDestino: 'CE', cfop: '6108' };
const consumidor = { consumidorFinal: true, destinatarioContribuinteIcms: false };

describe('DIFAL - sale to a final consumer who is not an ICMS taxpayer in another state (EC 87/2015; LC 87/1996 art. 13 X §7º)', () => {
  it('SP -> CE R$ 1,000 - ICMS 70.00 to SP, DIFAL 130.00 to CE on the operation date, the ICMSUFDest figures, the CBS/IBS base without both', () => {
    // ICMS origin 1,000 x 7% = 70.00; ICMS destination 1,000 x 20% - 70.00 = 130.00 (Conv. ICMS 93/2015 §1º-A);
    // PIS (1,000 - 70) x 0.65% = 6.045 -> 6.05; COFINS 930 x 3% = 27.90 (the DIFAL stays in their base);
    // CBS/IBS base 1,000 - 70 - 130 - 6.05 - 27.90 = 766.05 -> CBS 0.9% = 6.89445 -> 6.89; IBS_UF 0.1% = 0.76605 -> 0.77.
    const r = resultado({ ...venda, ...consumidor });
    expect(valores(r)).toMatchObject({ ICMS: 7000, ICMS_UF_DEST: 13000, PIS: 605, COFINS: 2790, CBS: 689, IBS_UF: 77 });
    expect(r.linhas.some((l) => l.tributo === 'FCP_UF_DEST')).toBe(false);
    expect(linha(r, 'ICMS_UF_DEST')).toMatchObject({ baseCentavos: 100000, aliquota: { percentual: 20 }, vencimento: '2026-06-10', informativo: false });
    expect(linha(r, 'CBS').baseCentavos).toBe(76605);
    expect(r.difal).toEqual({
      baseCentavos: 100000,
      baseFcpCentavos: 0,
      aliquotaFcpDestino: 0,
      aliquotaInternaDestino: 20,
      aliquotaInterestadual: 7,
      percentualPartilhaDestino: 100,
      fcpDestinoCentavos: 0,
      icmsDestinoCentavos: 13000,
      icmsRemetenteCentavos: 0,
    });
  });

  it("the destination's FCP (a listed product, 2%) and the IPI in the base of a final consumer", () => {
    // FCP 1,000 x 2% = 20.00; CBS base 766.05 - 20.00 = 746.05 -> CBS 6.71445 -> 6.71; IBS 0.74605 -> 0.75.
    const comFcp = resultado({ ...venda, ...consumidor, aliquotaFcp: 2 });
    expect(valores(comFcp)).toMatchObject({ ICMS_UF_DEST: 13000, FCP_UF_DEST: 2000, CBS: 671, IBS_UF: 75 });
    expect(comFcp.difal).toMatchObject({ baseFcpCentavos: 100000, aliquotaFcpDestino: 2, fcpDestinoCentavos: 2000 });
    // IPI 10% = 100.00 enters the ICMS base (CF art. 155 §2º XI): 1,100 x 7% = 77.00; 1,100 x 20% - 77.00 = 143.00;
    // PIS (1,000 - 77) x 0.65% = 5.9995 -> 6.00.
    const comIpi = resultado({ ...venda, ...consumidor, aliquotaIpi: 10 });
    expect(valores(comIpi)).toMatchObject({ IPI: 10000, ICMS: 7700, ICMS_UF_DEST: 14300, PIS: 600 });
    expect(comIpi.difal).toMatchObject({ baseCentavos: 110000 });
  });

  it('imported goods 4%, and 2029 (9/10 of both rates): 1,000 x 18% - 63.00 = 117.00', () => {
    expect(valores(resultado({ ...venda, ...consumidor, mercadoriaImportada: true }))).toMatchObject({ ICMS: 4000, ICMS_UF_DEST: 16000 });
    const r2029 = resultado({ ...venda, ...consumidor, dataOperacao: '2029-06-11' });
    expect(valores(r2029)).toMatchObject({ ICMS: 6300, ICMS_UF_DEST: 11700 });
    expect(r2029.difal).toMatchObject({ aliquotaInternaDestino: 18, aliquotaInterestadual: 6.3 });
  });

  it('no DIFAL - a taxpayer recipient, the same state, the Simples Nacional issuer (LC 123 has no such rule; ADI 5464)', () => {
    expect(resultado({ ...venda, consumidorFinal: true }).difal).toBeNull();
    expect(resultado({ ...venda, ufDestino: 'SP', cfop: '5102', ...consumidor }).difal).toBeNull();
    const sn = resultado({ ...venda, ...consumidor, regime: 'SIMPLES_NACIONAL' });
    expect(sn.difal).toBeNull();
    expect(sn.linhas.map((l) => l.tributo)).toEqual(['DAS']);
    expect(sn.avisos.join(' ')).toContain('ADI 5464');
  });

  it('refused - a base-dupla destination, a CST without own ICMS, a CT-e, a non-taxpayer who is not the final consumer', () => {
    const codigos = (entrada: object) => {
      const s = simular({ ...venda, ...entrada });
      return s.ok ? [] : s.erros.map((e) => [e.campo, e.regra]);
    };
    expect(codigos({ ...consumidor, ufDestino: 'MG' })).toEqual([['ufDestino', 'DIFAL_NAO_MODELADO']]);
    expect(codigos({ ...consumidor, cst: '40' })).toEqual([['cst', 'DIFAL_NAO_MODELADO']]);
    expect(codigos({ tipoDocumento: 'CTE', cfop: '6353', ...consumidor })).toEqual([['destinatarioContribuinteIcms', 'DIFAL_NAO_MODELADO']]);
    expect(codigos({ destinatarioContribuinteIcms: false })).toEqual([['consumidorFinal', 'CAMPOS_INCOERENTES']]);
    // An NFC-e is always to the final consumer; from 2033 there is no ICMS and so no DIFAL to refuse.
    expect(codigos({ tipoDocumento: 'NFCE', ufDestino: 'SP', cfop: '5102', destinatarioContribuinteIcms: false })).toEqual([]);
    expect(codigos({ ...consumidor, ufDestino: 'MG', dataOperacao: '2033-02-01' })).toEqual([]);
  });

  it('tax.v1.calculate - each item of a document carries its own ICMSUFDest figures', () => {
    const doc = simularDocumento([
      { ...venda, ...consumidor, valor: 600 },
      { ...venda, ...consumidor, valor: 400 },
    ]);
    if (!doc.ok) throw new Error('refused');
    // 600 x 20% - 600 x 7% = 120 - 42 = 78.00; 400: 80 - 28 = 52.00; together the 130.00 of the whole document.
    expect(doc.resultados.map((r) => r.difal?.icmsDestinoCentavos)).toEqual([7800, 5200]);
  });
});
