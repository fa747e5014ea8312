import { danfseDoXml } from '../../src/danfe/danfse-data';
import { gerarDanfse } from '../../src/danfe/danfse-layout';
import { montarDps } from '../../src/xml/nfse/dps';

/** An NFS-e as Sefin returns it (the parts the DANFSe reads), around a DPS of our builder. */
const CHAVE = '35503082211222333000181000000000000726111234567895';
function nfseXml(): string {
  const dps = montarDps({
    producao: false,
    emitidoEm: new Date('2026-11-20T13:05:09Z'),
    verAplic: 'erp',
    serie: 1,
    numero: 7,
    competencia: '2026-11-20',
    codigoMunicipio: '3550308',
    prestador: { cnpj: '11222333000181', inscricaoMunicipal: '12345678', simplesNacional: false },
    tomador: { tipo: 'CNPJ', documento: '20695448000184', nome: 'Cliente Servicos Ltda' },
    servico: { cTribNac: '010701', descricao: 'Suporte técnico', cNbs: '115021000', localPrestacao: '3550308' },
    valorCentavos: 120000,
    aliquotaIss: 2,
    ibsCbs: { cIndOp: '020101', cst: '000', cClassTrib: '000001' },
    substituida: null,
  });
  return (
    `<NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"><infNFSe Id="NFS${CHAVE}"><xLocEmi>Sao Paulo</xLocEmi><xLocPrestacao>Sao Paulo</xLocPrestacao>` +
    `<nNFSe>7</nNFSe><xTribNac>Suporte tecnico</xTribNac><verAplic>S</verAplic><ambGer>2</ambGer><tpEmis>1</tpEmis><cStat>100</cStat><dhProc>2026-11-20T10:05:12-03:00</dhProc><nDFSe>7</nDFSe>` +
    `<emit><CNPJ>11222333000181</CNPJ><IM>12345678</IM><xNome>Empresa Teste Ltda</xNome><enderNac><xLgr>Rua A</xLgr><nro>10</nro><xBairro>Centro</xBairro><cMun>3550308</cMun><UF>SP</UF><CEP>01001000</CEP></enderNac></emit>` +
    `<valores><vBC>1200.00</vBC><pAliqAplic>2.00</pAliqAplic><vISSQN>24.00</vISSQN><vLiq>1200.00</vLiq></valores>${dps}</infNFSe></NFSe>`
  );
}

describe('nfs-e DANFSe', () => {
  it('nfse danfse - reads what it prints from the NFS-e and its DPS', () => {
    const d = danfseDoXml(nfseXml(), false);
    expect(d).toMatchObject({
      chave: CHAVE,
      numero: '7',
      competencia: '2026-11-20',
      serieDps: '1',
      numeroDps: '7',
      homologacao: true,
      emitente: { documento: '11222333000181', inscricaoMunicipal: '12345678', nome: 'Empresa Teste Ltda' },
      tomador: { documento: '20695448000184', nome: 'Cliente Servicos Ltda' },
      servico: { cTribNac: '010701', nbs: '115021000' },
      // 1,200.00 and 2% = 24.00, as the NFS-e says.
      valores: { servicoCentavos: 120000, baseCentavos: 120000, aliquota: '2.00', issCentavos: 2400, liquidoCentavos: 120000 },
      ibsCbs: { cst: '000', cClassTrib: '000001' },
      substitui: null,
    });
  });

  it('nfse danfse - one A4 page of PDF', async () => {
    const pdf = await gerarDanfse(danfseDoXml(nfseXml(), true));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
  });
});
