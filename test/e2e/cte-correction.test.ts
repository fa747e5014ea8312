import { connect, type NatsConnection } from '@nats-io/transport-node';
import { validarXml } from '@erp/fiscal-schemas';
import { adaptadorCte } from '../../services/fiscal-document/test/support/cte-correction-driver';
import { stackEnv } from '../support/env';
import { CHAVE_NFE, cteSpRj } from './cte-helpers';
import { cancelar, emitir, empresaFiscal, type EmpresaFiscal } from './fiscal-helpers';

/**
 * The CT-e's correction letter (event 110110) on the agreed port (`prepararCorrecao` / `corrigir` of the CT-e
 * adapter), against the stack's real parts: signed by settings, sent through the settings relay over mutual TLS to
 * the local authority's CT-e stand-in. The API route is tested in cte-carta-correcao.test.ts;
 * this test drives the adapter directly (its 681 and 636, which the route's own checks never let through). A registered CC-e then blocks the cancellation (523).
 */
let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: stackEnv.natsUrl });
});
afterAll(() => nc.close());

const pedido = (e: EmpresaFiscal, chave: string, sequencia: number, alteracoes: { grupo: string; campo: string; valor: string }[]) => ({
  companyId: e.companyId,
  ambiente: 'HOMOLOGAÇÃO' as const,
  uf: 'SP',
  cnpj: e.cnpj,
  chaveAcesso: chave,
  sequencia,
  alteracoes,
  solicitadoEm: new Date(),
});

describe('ct-e correction letter (110110)', () => {
  it('ct-e cc-e - registered (135) with a procEventoCTe valid against the official schema; a forbidden change 681; then the cancellation is refused 523', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const doc = (await emitir(e.admin, cteSpRj([CHAVE_NFE]))).body.dados;
    expect(doc.situacao).toBe('AUTORIZADO');
    const a = adaptadorCte(nc);

    const p1 = pedido(e, doc.chaveAcesso, 1, [{ grupo: 'compl', campo: 'xObs', valor: 'Entrega pelo portão 2' }]);
    const xml1 = await a.prepararCorrecao(p1);
    expect(xml1).toContain(`Id="ID110110${doc.chaveAcesso}001"`);
    const r1 = await a.corrigir({ ...p1, xmlAssinado: xml1 });
    expect([r1.desfecho, r1.cStat]).toEqual(['REGISTRADA', '135']);
    expect(await validarXml('cte-PL_CTe_400_RTC', 'procEventoCTe_v4.00.xsd', r1.xmlEvento!)).toEqual({ ok: true });

    const p2 = pedido(e, doc.chaveAcesso, 2, [{ grupo: 'vPrest', campo: 'vTPrest', valor: '10.00' }]);
    const r2 = await a.corrigir({ ...p2, xmlAssinado: await a.prepararCorrecao(p2) });
    expect([r2.desfecho, r2.cStat]).toEqual(['RECUSADA', '681']);

    const p21 = pedido(e, doc.chaveAcesso, 21, [{ grupo: 'compl', campo: 'xObs', valor: 'Vigésima primeira' }]);
    const r21 = await a.corrigir({ ...p21, xmlAssinado: await a.prepararCorrecao(p21) });
    expect([r21.desfecho, r21.cStat]).toEqual(['RECUSADA', '636']);

    const cancelamento = await cancelar(e.admin, doc.id, 'Frete cancelado pelo cliente antes da coleta');
    // The letter was registered behind the API's back: the authority's 523 is mapped to its code.
    expect([cancelamento.status, cancelamento.body.codigo, cancelamento.body.cStat]).toEqual([422, 'CARTA_CORRECAO_REGISTRADA', '523']);
  }, 60_000);
});
