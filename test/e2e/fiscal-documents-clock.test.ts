import { rest } from '../support/env';
import { cteInterno } from './cte-helpers';
import { DOCUMENTOS, cancelar, emitir, empresaFiscal, nfeVenda, referenciaNova, type EmpresaFiscal } from './fiscal-helpers';
import { direto, exitCode, startFiscal, stopFiscal, type FiscalProcess } from './fiscal-process';
import { cenario } from './sefaz-helpers';

/**
 * Time-dependent rules with the test clock: a second fiscal-document replica on the stack's database whose clock
 * (every use case) runs 25 hours ahead (`FISCAL_CLOCK_OFFSET_MS`, honoured only with NODE_ENV=test).
 * Documents are issued through the gateway now and judged by that replica "tomorrow".
 */
const HORA = 3_600_000;
const JUSTIFICATIVA = 'Pedido cancelado pelo cliente antes do envio';
const itemLp = { codigo: 'P', descricao: 'Mesa', quantidade: 1, valorUnitario: 1000, ncm: '94033000', cfop: '5102', cst: '00' };
const cteDe = (nfe: { chaveAcesso: string }) => cteInterno(nfe.chaveAcesso);

let amanha: FiscalProcess;
let empresa: EmpresaFiscal;
beforeAll(async () => {
  [amanha, empresa] = await Promise.all([
    // Its reconciliation never runs: by its clock every claim other tests have in flight would look abandoned.
    startFiscal('clock-25h', 'erp_fiscal_document', { FISCAL_CLOCK_OFFSET_MS: String(25 * HORA), FISCAL_RECONCILE_INTERVAL_MS: String(24 * HORA) }),
    empresaFiscal({ regime: 'LUCRO_PRESUMIDO' }),
  ]);
}, 90_000);
afterAll(() => stopFiscal(amanha));

const novaNfe = async () => (await emitir(empresa.admin, nfeVenda({ itens: [itemLp] }))).body.dados;

describe('fiscal documents - the test clock', () => {
  it('fiscal documents - past the deadline: 422 PRAZO_CANCELAMENTO_EXPIRADO with the deadline (NF-e 24 h, NFC-e 30 min, CT-e 24 h)', async () => {
    const nfe = await novaNfe();
    const tarde = await direto(amanha, 'POST', `${DOCUMENTOS}/${nfe.id}/cancelar`, empresa.admin, { justificativa: JUSTIFICATIVA });
    expect([tarde.status, tarde.body.codigo]).toEqual([422, 'PRAZO_CANCELAMENTO_EXPIRADO']);
    expect(tarde.body.prazo).toBe(new Date(new Date(nfe.autorizadoEm).getTime() + 24 * HORA).toISOString());
    expect((await direto(amanha, 'GET', `${DOCUMENTOS}/${nfe.id}`, empresa.admin)).body.dados).toMatchObject({ situacao: 'AUTORIZADO', prazoCancelamento: null });

    const nfce = (await emitir(empresa.admin, { referencia: referenciaNova('NFCE'), modelo: 'NFCE', itens: [{ ...itemLp, quantidade: 2 }] })).body.dados;
    const nfceTarde = await direto(amanha, 'POST', `${DOCUMENTOS}/${nfce.id}/cancelar`, empresa.admin, { justificativa: JUSTIFICATIVA });
    expect([nfceTarde.body.codigo, nfceTarde.body.prazo]).toEqual(['PRAZO_CANCELAMENTO_EXPIRADO', new Date(new Date(nfce.autorizadoEm).getTime() + 30 * 60_000).toISOString()]);

    const cte = (await emitir(empresa.admin, cteDe(nfe))).body.dados;
    expect((await direto(amanha, 'POST', `${DOCUMENTOS}/${cte.id}/cancelar`, empresa.admin, { justificativa: JUSTIFICATIVA })).body.codigo).toBe('PRAZO_CANCELAMENTO_EXPIRADO');
    // Today, through the gateway, the same CT-e may still be cancelled.
    expect((await cancelar(empresa.admin, cte.id, JUSTIFICATIVA)).status).toBe(200);
  });

  it('fiscal documents - a company deadline of 168 h lets a CT-e be cancelled 25 hours after authorization', async () => {
    const propria = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const lido = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: propria.admin })).body.dados;
    const salvo = await rest('PUT', '/api/erp/faturamento/configuracao', { bearer: propria.admin, body: { ...lido, prazosCancelamento: { cteHoras: 168 } } });
    expect(salvo.status).toBe(200);
    const nfe = (await emitir(propria.admin, nfeVenda({ itens: [itemLp] }))).body.dados;
    const cte = (await emitir(propria.admin, cteDe(nfe))).body.dados;
    const resposta = await direto(amanha, 'POST', `${DOCUMENTOS}/${cte.id}/cancelar`, propria.admin, { justificativa: JUSTIFICATIVA });
    expect([resposta.status, resposta.body.dados?.situacao]).toEqual([200, 'CANCELADO']);
  });

  it('fiscal documents - a certificate valid when saved and expired at the time of issue: 422 CERTIFICADO_EXPIRADO', async () => {
    const vence = new Date(Date.now() + 12 * HORA);
    const curta = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO', certificadoValidoAte: vence });
    // Today it issues.
    const hoje = nfeVenda({ itens: [itemLp] });
    const emitido = await emitir(curta.admin, hoje);
    expect(emitido.status).toBe(201);
    const amanhaRecusa = await direto(amanha, 'POST', DOCUMENTOS, curta.admin, nfeVenda({ itens: [itemLp] }));
    expect([amanhaRecusa.status, amanhaRecusa.body.codigo]).toEqual([422, 'CERTIFICADO_EXPIRADO']);
    expect(new Date(amanhaRecusa.body.validoAte).getTime()).toBeLessThanOrEqual(vence.getTime());
    // The sentence says the expiry in Brasília's wall clock (the page shows it as is); validoAte stays ISO for machines.
    expect(amanhaRecusa.body.erro).toMatch(/^o certificado A1 da empresa expirou (em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}|no fim de \d{2}\/\d{2}\/\d{4}) \(horário de Brasília\)$/);
    // Yesterday's request repeated tomorrow answers yesterday's document: the expired certificate is not asked.
    const replay = await direto(amanha, 'POST', DOCUMENTOS, curta.admin, hoje);
    expect([replay.status, replay.body.dados.id, replay.body.dados.situacao]).toEqual([200, emitido.body.dados.id, 'AUTORIZADO']);
  });

  it('fiscal documents - a cancellation claimed in time and resumed after the legal deadline is refused by the local authorizer itself (501), with the deadline', async () => {
    // The authority keeps the real time, which this replica's clock does not move: its deadline for this issuer is
    // set to have passed already, as SEFAZ's would have by tomorrow.
    await cenario(empresa.cnpj, { prazoCancelamentoMinutos: 0 });
    const nfe = await novaNfe();
    // A replica dies right after claiming the cancellation, before asking the authorizer.
    const morre = await startFiscal('clock-cancel-claimed', 'erp_fiscal_document', { FISCAL_FAULT: 'exit-after-cancel-claimed' });
    try {
      await expect(direto(morre, 'POST', `${DOCUMENTOS}/${nfe.id}/cancelar`, empresa.admin, { justificativa: JUSTIFICATIVA })).rejects.toThrow();
      expect(await exitCode(morre)).toBe(86);
    } finally {
      await stopFiscal(morre);
    }
    // Tomorrow the abandoned claim is resumed: our own deadline check was passed when it was claimed, so it is the
    // authorizer (SEFAZ's rule RV 2P12-14, 501) that refuses it; the claim is freed and the document stays authorized.
    const resposta = await direto(amanha, 'POST', `${DOCUMENTOS}/${nfe.id}/cancelar`, empresa.admin, { justificativa: JUSTIFICATIVA });
    expect([resposta.status, resposta.body.codigo, resposta.body.cStat]).toEqual([422, 'PRAZO_CANCELAMENTO_EXPIRADO', '501']);
    expect(resposta.body.prazo).toBe(new Date(new Date(nfe.autorizadoEm).getTime() + 24 * HORA).toISOString());
    expect((await direto(amanha, 'GET', `${DOCUMENTOS}/${nfe.id}`, empresa.admin)).body.dados.situacao).toBe('AUTORIZADO');
  });
});
