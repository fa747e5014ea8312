import { passoAutorizacao } from '../../src/domain/sefaz-status';

const CHAVE = '35260611222333000181550010000000011123456780';
const OUTRA = '35260611222333000181550010000000021123456781';

describe('sefaz status - what an authorization answer leads to (the other codes: nfe-xml.test.ts)', () => {
  test.each([
    // phase, batch cStat, key of the protNFe, receipt?, step
    ['ENVIO', '104', CHAVE, false, 'PROTOCOLO'],
    ['ENVIO', '104', null, false, 'CONSULTAR'],
    ['ENVIO', '104', OUTRA, false, 'CONSULTAR'],
    ['ENVIO', '103', null, true, 'RECIBO'],
    ['ENVIO', '105', null, true, 'RECIBO'],
    ['ENVIO', '105', null, false, 'CONSULTAR'],
    ['ENVIO', '225', null, false, 'LOTE'],
    ['ENVIO', '108', null, false, 'LOTE'],
    ['RECIBO', '104', CHAVE, false, 'PROTOCOLO'],
    ['RECIBO', '104', null, false, 'CONSULTAR'],
    ['RECIBO', '104', OUTRA, false, 'CONSULTAR'],
    ['RECIBO', '105', null, true, 'RECIBO'],
    ['RECIBO', '106', null, false, 'CONSULTAR'],
    ['RECIBO', '248', null, false, 'CONSULTAR'],
    ['RECIBO', '223', null, false, 'CONSULTAR'],
    ['RECIBO', '999', null, false, 'CONSULTAR'],
  ] as const)('authorization - %s answered %s (protocol of %s, receipt %s): %s', (fase, cStat, chaveDoProtocolo, temRecibo, esperado) => {
    expect(passoAutorizacao(fase, { cStat, chaveDoProtocolo, temRecibo }, CHAVE)).toBe(esperado);
  });
});
