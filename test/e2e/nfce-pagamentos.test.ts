import { validarXml } from '@erp/fiscal-schemas';
import { stackEnv } from '../support/env';
import { textoDoPdf } from './danfe-helpers';
import { DOCUMENTOS, emitir, empresaFiscal, referenciaNova, type EmpresaFiscal } from './fiscal-helpers';

/**
 * NFC-e means of payment through the gateway: cash with change plus a card ends AUTORIZADO by the local authority
 * (which applies SEFAZ's rules 391, 865, 866, 869 on pag), the downloaded procNFe is within the official schema and
 * the DANFCE prints each means by label and the change; payments below the total are a field error.
 */
let e: EmpresaFiscal;
beforeAll(async () => {
  e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
}, 30_000);

// 3 x 21.90 = 65.70.
const itens = [{ codigo: 'CAFE', descricao: 'Café torrado 500 g', quantidade: 3, valorUnitario: 21.9, ncm: '09012100', cfop: '5102', cst: '00' }];

async function baixar(caminho: string): Promise<Buffer> {
  const r = await fetch(`${stackEnv.gatewayUrl}${caminho}`, { headers: { authorization: `Bearer ${e.admin}` } });
  expect(r.status).toBe(200);
  return Buffer.from(await r.arrayBuffer());
}

describe('nfce pagamentos - means of payment', () => {
  it('nfce pagamentos - cash with change and a credit card: AUTORIZADO, detPag with card, vTroco 4.30, procNFe within the official schema, DANFCE by label', async () => {
    // 40.00 cash + 30.00 card = 70.00 for 65.70: change 4.30 (<= the cash).
    const r = await emitir(e.admin, { referencia: referenciaNova('NFCE'), modelo: 'NFCE', itens, pagamentos: [{ meio: '01', valor: 40 }, { meio: '03', valor: 30, cartao: { bandeira: '02' } }] });
    expect(r.status).toBe(201);
    const doc = r.body.dados;
    expect(doc).toMatchObject({ modelo: 'NFCE', situacao: 'AUTORIZADO' });
    const xml = (await baixar(`${DOCUMENTOS}/${doc.id}/xml`)).toString('utf8');
    expect(await validarXml('nfe-PL_010_V1.30', 'procNFe_v4.00.xsd', xml)).toEqual({ ok: true });
    expect(xml).toContain(
      '<pag><detPag><indPag>0</indPag><tPag>01</tPag><vPag>40.00</vPag></detPag><detPag><indPag>0</indPag><tPag>03</tPag><vPag>30.00</vPag><card><tpIntegra>2</tpIntegra><tBand>02</tBand></card></detPag><vTroco>4.30</vTroco></pag>',
    );
    const texto = textoDoPdf(await baixar(`${DOCUMENTOS}/${doc.id}/danfe.pdf`)).replace(/\s+/g, ' ');
    for (const trecho of ['Dinheiro 40,00', 'Cartão de Crédito 30,00', 'Troco R$ 4,30']) expect(texto).toContain(trecho);
  }, 60_000);

  it('nfce pagamentos - payments below the total: 400 DOCUMENTO_INVALIDO naming pagamentos; a wrong means names pagamentos[i].meio', async () => {
    // 40.00 + 25.00 = 65.00 < 65.70.
    const abaixo = await emitir(e.admin, { referencia: referenciaNova('NFCE'), modelo: 'NFCE', itens, pagamentos: [{ meio: '01', valor: 40 }, { meio: '04', valor: 25 }] });
    expect(abaixo.status).toBe(400);
    expect(abaixo.body).toMatchObject({ codigo: 'DOCUMENTO_INVALIDO', campos: [expect.objectContaining({ campo: 'pagamentos', regra: 'pagamento_insuficiente' })] });
    const meio = await emitir(e.admin, { referencia: referenciaNova('NFCE'), modelo: 'NFCE', itens, pagamentos: [{ meio: '90', valor: 0 }] });
    expect(meio.status).toBe(400);
    expect(meio.body.campos).toEqual([expect.objectContaining({ campo: 'pagamentos[0].meio', regra: 'sem_pagamento_nfce' })]);
  }, 60_000);
});
