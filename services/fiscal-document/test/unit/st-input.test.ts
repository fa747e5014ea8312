import { validarEmissao, type ContextoEmissao } from '../../src/domain/emission-input';

const ctx: ContextoEmissao = { regime: 'LUCRO_PRESUMIDO', ufEmitente: 'SP', series: [1], seriePadrao: 1, codigoServicoPadrao: null, emitidoEm: new Date('2026-11-27T12:00:00Z') };
const contribuinte = { documento: '11222333000181', uf: 'SP', inscricaoEstadual: '110042490114' };
const consumidor = { documento: '11144477735', uf: 'SP' };
const item = { codigo: 'B', descricao: 'Cerveja', quantidade: 10, valorUnitario: 5, ncm: '22030000', cfop: '5405', cst: '60' };
const regras = (entrada: object) => {
  const r = validarEmissao({ referencia: 'R', modelo: 'NFE', ...entrada }, ctx);
  return r.ok ? [] : r.campos.map((c) => `${c.campo}:${c.regra}`);
};

describe('emission input - goods under ICMS-ST (CEST, ICMS-ST withheld)', () => {
  test('emission input - CST 60 needs the CEST (806); 7 digits, punctuation accepted', () => {
    expect(regras({ destinatario: consumidor, itens: [item] })).toEqual(['itens[0].cest:cest_obrigatorio']);
    expect(regras({ destinatario: consumidor, itens: [{ ...item, cest: '03.021.00' }] })).toEqual([]);
    expect(regras({ destinatario: consumidor, itens: [{ ...item, cest: '0302' }] })).toEqual(['itens[0].cest:cest_formato']);
  });

  test('emission input - CST 60 to a taxpayer (not the final consumer) needs the ICMS-ST withheld (938); never on other situations', () => {
    const comCest = { ...item, cest: '0302100' };
    expect(regras({ destinatario: contribuinte, itens: [comCest] })).toEqual(['itens[0].icmsStRetido:st_retido_obrigatorio']);
    const retido = { base: 60, aliquota: 18, valor: 10.8 };
    expect(regras({ destinatario: contribuinte, itens: [{ ...comCest, icmsStRetido: retido }] })).toEqual([]);
    expect(regras({ destinatario: contribuinte, itens: [{ ...comCest, cst: '00', icmsStRetido: retido }] })).toEqual(['itens[0].icmsStRetido:somente_st_retido']);
    expect(regras({ destinatario: contribuinte, itens: [{ ...comCest, icmsStRetido: { base: 60.001, aliquota: 101, valor: -1, x: 1 } }] })).toEqual([
      'itens[0].icmsStRetido.x:campo_desconhecido',
      'itens[0].icmsStRetido.base:casas_decimais',
      'itens[0].icmsStRetido.aliquota:aliquota_faixa',
      'itens[0].icmsStRetido.valor:tipo',
    ]);
  });
});
