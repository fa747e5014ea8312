import { desfechoAutorizacao, desfechoCancelamento, desfechoInutilizacao, passoAutorizacao, situacaoConsulta } from '../../src/domain/sefaz-status';

const CHAVE = '35260611222333000181550010000000011123456780';
const OUTRA = '35260611222333000181550010000000021123456781';

describe('sefaz status - the decision tables', () => {
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

  test('authorization - a protocol cStat decides: 100/150 authorized, 110/301/302/303 denied, 204/539 duplicate, 108/109/656/678/999 unavailable, anything else rejected', () => {
    expect(['100', '150'].map(desfechoAutorizacao)).toEqual(['AUTORIZADO', 'AUTORIZADO']);
    expect(['110', '301', '302', '303'].map(desfechoAutorizacao)).toEqual(Array(4).fill('DENEGADO'));
    expect(['204', '539'].map(desfechoAutorizacao)).toEqual(['DUPLICIDADE', 'DUPLICIDADE']);
    expect(['108', '109', '656', '678', '999'].map(desfechoAutorizacao)).toEqual(Array(5).fill('INDISPONIVEL'));
    expect(['778', '225', '1115'].map(desfechoAutorizacao)).toEqual(Array(3).fill('REJEITADO'));
  });

  test('query - 100/150 authorized, 101/151/155 cancelled, denied, 217 unknown to SEFAZ, anything else tells nothing', () => {
    expect(['100', '150', '101', '151', '155', '301', '217', '656', '999'].map(situacaoConsulta)).toEqual([
      'AUTORIZADA',
      'AUTORIZADA',
      'CANCELADA',
      'CANCELADA',
      'CANCELADA',
      'DENEGADA',
      'NAO_CONSTA',
      'DESCONHECIDA',
      'DESCONHECIDA',
    ]);
  });

  test('cancellation and voiding - 135/155 registered, 573/580 query, 501 deadline, 136 refused; 102 voided, 206/563 adopted', () => {
    expect(['135', '155', '573', '580', '501', '108', '136'].map(desfechoCancelamento)).toEqual(['REGISTRADO', 'REGISTRADO', 'CONSULTAR', 'CONSULTAR', 'PRAZO_EXPIRADO', 'INDISPONIVEL', 'RECUSADO']);
    expect(['102', '206', '563', '999', '241'].map(desfechoInutilizacao)).toEqual(['INUTILIZADA', 'JA_INUTILIZADA', 'JA_INUTILIZADA', 'INDISPONIVEL', 'RECUSADA']);
  });
});
