import { validarXml } from '@erp/fiscal-schemas';
import { idDps, montarDps, type DadosDps } from '../../src/xml/nfse/dps';
import { dataCompetencia } from '../../src/xml/nfse/dps-data';
import { assinadorDeForma, assinarXml } from '../../src/xml/signature';

/** A DPS 1.01 of a provider in São Paulo, regime normal (with IBSCBS) or Simples Nacional (without). */
function dps(simples: boolean, extra: Partial<DadosDps> = {}): DadosDps {
  return {
    producao: false,
    emitidoEm: new Date('2026-11-20T13:05:09Z'),
    verAplic: 'erp-faturamento-1.0',
    serie: 1,
    numero: 7,
    competencia: '2026-11-20',
    codigoMunicipio: '3550308',
    prestador: { cnpj: '11222333000181', inscricaoMunicipal: '12345678', simplesNacional: simples },
    tomador: { tipo: 'CNPJ', documento: '20695448000184', nome: 'Cliente — Serviços Ltda' },
    servico: { cTribNac: '010701', descricao: 'Suporte técnico', cNbs: simples ? null : '115021000', localPrestacao: '3550308' },
    valorCentavos: 120000,
    aliquotaIss: 2,
    ibsCbs: simples ? null : { cIndOp: '020101', cst: '000', cClassTrib: '000001' },
    substituida: null,
    ...extra,
  };
}

async function conferir(d: DadosDps) {
  const xml = await assinarXml(montarDps(d, { indentado: true }), 'infDPS', assinadorDeForma);
  return { xml, resultado: await validarXml('nfse-nacional-1.01', 'DPS_v1.01.xsd', xml) };
}

describe('nfs-e DPS builder - official schema', () => {
  it('nfse dps - the Id has 45 characters: DPS + city + registration type + CNPJ + series(5) + number(15)', () => {
    const id = idDps({ codigoMunicipio: '3550308', cnpj: '11222333000181', serie: 1, numero: 7 });
    expect(id).toBe('DPS3550308211222333000181' + '00001' + '000000000000007');
    expect(id).toHaveLength(45);
  });

  it('nfse dps - regime normal (IBSCBS with cNBS), Simples Nacional and a substitution are within the schema', async () => {
    for (const d of [dps(false), dps(true), dps(false, { substituida: { chave: '3'.repeat(50), codigo: '01', motivo: 'Desenquadramento de NFS-e do Simples Nacional' } })]) {
      const { resultado, xml } = await conferir(d);
      expect(resultado).toEqual({ ok: true });
      expect(xml.includes('<IBSCBS>')).toBe(d.ibsCbs !== null);
    }
  });

  it('nfse dps - a DPS out of the schema is caught before signing (cTribNac of 5 digits)', async () => {
    const { resultado } = await conferir(dps(false, { servico: { cTribNac: '01070', descricao: 'x', cNbs: '115021000', localPrestacao: '3550308' } }));
    expect(resultado.ok).toBe(false);
  });

  it('nfse dps - dCompet is the issue date in Brasília, or the first day of an earlier competence', () => {
    // 2026-12-01T02:00Z is still 2026-11-30 in Brasília (UTC-3).
    expect(dataCompetencia('11/2026', new Date('2026-12-01T02:00:00Z'))).toBe('2026-11-30');
    expect(dataCompetencia('10/2026', new Date('2026-11-20T12:00:00Z'))).toBe('2026-10-01');
  });
});
