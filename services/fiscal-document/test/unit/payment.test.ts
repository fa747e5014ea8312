import { validarXml } from '@erp/fiscal-schemas';
import { pagamentosDoXml } from '../../src/danfe/payment-data';
import { validarEmissao, type ContextoEmissao, type PagamentoValido } from '../../src/domain/emission-input';
import { montarNfe, NS_NFE } from '../../src/xml/nfe';
import { assinadorDeForma, assinarXml, parseXml } from '../../src/xml/signature';
import { dados } from '../support/nfe-fixture';

/** NF-e / NFC-e means of payment: the emission's field errors, the `pag` group against the official schema, the DANFCE lines. */
const ctx: ContextoEmissao = { regime: 'LUCRO_PRESUMIDO', ufEmitente: 'SP', series: [1], seriePadrao: 1, codigoServicoPadrao: '01.07', emitidoEm: new Date('2026-03-01T01:00:00Z') };
// 2 x 45.25 = 90.50 (the total of the items).
const item = { codigo: 'P', descricao: 'Mesa', quantidade: 2, valorUnitario: 45.25, ncm: '94033000', cfop: '5102', cst: '00' };
const nfce = (pagamentos: unknown) => validarEmissao({ referencia: 'R', modelo: 'NFCE', itens: [item], pagamentos }, ctx);
const campos = (r: ReturnType<typeof validarEmissao>) => (r.ok ? [] : r.campos.map((c) => `${c.campo}:${c.regra}`));

describe('means of payment', () => {
  test('payments - cash with change and a card: accepted; the card gets tpIntegra 2 by default', () => {
    // 50.00 cash + 45.00 card = 95.00 for 90.50: change 4.50 <= the 50.00 in cash.
    const r = nfce([{ meio: '01', valor: 50 }, { meio: '03', valor: 45, cartao: { bandeira: '02' } }]);
    expect(r.ok && r.valor.pagamentos).toEqual([
      { meio: '01', valorCentavos: 5000, descricao: null, aPrazo: false, cartao: null },
      { meio: '03', valorCentavos: 4500, descricao: null, aPrazo: false, cartao: { integrado: false, cnpjCredenciadora: null, bandeira: '02', autorizacao: null } },
    ]);
    const debito = nfce([{ meio: '04', valor: 90.5 }]);
    expect(debito.ok && debito.valor.pagamentos?.[0].cartao).toEqual({ integrado: false, cnpjCredenciadora: null, bandeira: null, autorizacao: null });
  });

  test('payments - field errors name pagamentos[i].campo; the sum must cover the total; only cash gives change', () => {
    expect(campos(nfce([{ meio: '07', valor: 90.5 }]))).toEqual(['pagamentos[0].meio:meio_pagamento_invalido']);
    expect(campos(nfce([{ meio: '01', valor: 0 }, { meio: '01', valor: 1.005 }]))).toEqual(['pagamentos[0].valor:valor_invalido', 'pagamentos[1].valor:valor_invalido']);
    expect(campos(nfce([{ meio: '99', valor: 90.5 }]))).toEqual(['pagamentos[0].descricao:obrigatorio']);
    expect(campos(nfce([{ meio: '90', valor: 0 }]))).toEqual(['pagamentos[0].meio:sem_pagamento_nfce']);
    expect(campos(nfce([{ meio: '01', valor: 90.5, cartao: {} }]))).toEqual(['pagamentos[0].cartao:cartao_sem_cartao']);
    expect(campos(nfce([{ meio: '03', valor: 90.5, cartao: { bandeira: 'VISA', cnpjCredenciadora: '11222333000182' } }]))).toEqual([
      'pagamentos[0].cartao.cnpjCredenciadora:cnpj_invalido',
      'pagamentos[0].cartao.bandeira:bandeira_invalida',
    ]);
    // 50.00 + 40.00 = 90.00 < 90.50.
    expect(campos(nfce([{ meio: '01', valor: 50 }, { meio: '03', valor: 40 }]))).toEqual(['pagamentos:pagamento_insuficiente']);
    // 100.00 by card for 90.50: 9.50 of change with no cash.
    expect(campos(nfce([{ meio: '03', valor: 100 }]))).toEqual(['pagamentos:troco_sem_dinheiro']);
    expect(campos(validarEmissao({ referencia: 'R', modelo: 'NFSE', destinatario: { documento: '11222333000181' }, itens: [item], pagamentos: [{ meio: '01', valor: 1 }] }, ctx))).toContain('pagamentos:somente_mercadoria');
  });

  test('payments - pag/detPag with the card group and vTroco are within the official schema; the DANFCE reads them by label', async () => {
    const base = dados('NFCE', '3');
    const vNf = Number(/<vNF>([\d.]+)<\/vNF>/.exec(montarNfe(base))![1].replace('.', ''));
    const pagamentos: PagamentoValido[] = [
      { meio: '01', valorCentavos: vNf - 1000 + 2000, descricao: null, aPrazo: false, cartao: null }, // cash: all but 10.00, plus 20.00 -> change 20.00
      { meio: '03', valorCentavos: 1000, descricao: null, aPrazo: false, cartao: { integrado: false, cnpjCredenciadora: '11222333000181', bandeira: '02', autorizacao: 'A1B2' } },
    ];
    const xml = await assinarXml(montarNfe({ ...base, pagamentos }, { indentado: true }), 'infNFe', assinadorDeForma);
    expect(await validarXml('nfe-PL_010_V1.30', 'nfe_v4.00.xsd', xml)).toEqual({ ok: true });
    const compacto = xml.replace(/>\s+</g, '><');
    expect(compacto).toContain(`<detPag><indPag>0</indPag><tPag>01</tPag><vPag>${((vNf + 1000) / 100).toFixed(2)}</vPag></detPag>`);
    expect(compacto).toContain('<detPag><indPag>0</indPag><tPag>03</tPag><vPag>10.00</vPag><card><tpIntegra>2</tpIntegra><CNPJ>11222333000181</CNPJ><tBand>02</tBand><cAut>A1B2</cAut></card></detPag><vTroco>20.00</vTroco></pag>');
    const pag = parseXml(xml).getElementsByTagNameNS(NS_NFE, 'pag').item(0);
    expect(pagamentosDoXml(pag, vNf)).toEqual({
      pagamentos: [
        { rotulo: 'Dinheiro', valorCentavos: vNf + 1000 },
        { rotulo: 'Cartão de Crédito', valorCentavos: 1000 },
      ],
      trocoCentavos: 2000,
    });
    // Without payments: 99 "Outros" for vNF, no change (documents issued before the means were asked).
    expect(montarNfe(base)).toContain(`<pag><detPag><indPag>0</indPag><tPag>99</tPag><xPag>Outros</xPag><vPag>${(vNf / 100).toFixed(2)}</vPag></detPag></pag>`);
  });
});
