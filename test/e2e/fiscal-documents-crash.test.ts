import mongoose, { type Connection } from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { stackEnv } from '../support/env';
import { DOCUMENTOS, empresaFiscal, eventosDoDocumento, nfeVenda } from './fiscal-helpers';
import { exitCode, startFiscal, stopFiscal } from './fiscal-process';

/** Fiscal-document processes of this test alone: their own database, so the stack's replica cannot finish their work. */
const DB = `erp_fiscal_crash_${process.pid}`;

const post = (url: string, bearer: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

let db: Connection;
let nc: NatsConnection;
beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: DB }).asPromise();
  nc = await connect({ servers: stackEnv.natsUrl });
});
afterAll(async () => {
  await db.dropDatabase();
  await db.close();
  await nc.close();
});

describe('fiscal documents - outbox crash', () => {
  it('fiscal documents - killed after recording a cancellation and before publishing it, the restarted service publishes ERP_NFE_CANCELADA exactly once', async () => {
    const empresa = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const faulty = await startFiscal('crash-cancel', DB, { FISCAL_FAULT: 'exit-after-cancel-recorded' });
    let doc: { id: string };
    try {
      const emitido = await post(`${faulty.url}${DOCUMENTOS}`, empresa.admin, nfeVenda({ itens: [{ codigo: 'P', descricao: 'Mesa', quantidade: 1, valorUnitario: 700, ncm: '94033000', cfop: '5102', cst: '00' }] }));
      expect(emitido.status).toBe(201);
      doc = ((await emitido.json()) as { dados: { id: string } }).dados;
      // The process dies inside this request: no answer comes back.
      await expect(post(`${faulty.url}${DOCUMENTOS}/${doc.id}/cancelar`, empresa.admin, { justificativa: 'Cancelamento durante a queda do serviço' })).rejects.toThrow();
      expect(await exitCode(faulty)).toBe(86);
    } finally {
      await stopFiscal(faulty);
    }

    // The cancellation is recorded with its event pending; the document was not flipped; nothing was published.
    const fato = await db.collection('fatos_documento').findOne({ _id: `desfecho:${doc.id}` as never });
    expect(fato?.outbox).toMatchObject({ estado: 'PENDENTE', eventId: `cancelamento:${doc.id}` });
    expect((await db.collection('documentos_fiscais').findOne({ _id: doc.id as never }))?.situacao).toBe('AUTORIZADO');
    expect((await eventosDoDocumento(nc, doc.id, 1)).map((e) => e.subject)).toEqual(['fiscal.v1.ERP_DOCUMENTO_AUTORIZADO']);

    const restarted = await startFiscal('crash-restarted', DB);
    try {
      const eventos = await eventosDoDocumento(nc, doc.id, 2);
      expect(eventos.map((e) => e.subject)).toEqual(['fiscal.v1.ERP_DOCUMENTO_AUTORIZADO', 'fiscal.v1.ERP_NFE_CANCELADA']);
      // The relay finished the flip the dead process left undone.
      const lido = await fetch(`${restarted.url}${DOCUMENTOS}/${doc.id}`, { headers: { authorization: `Bearer ${empresa.admin}` } });
      expect(((await lido.json()) as { dados: { situacao: string } }).dados.situacao).toBe('CANCELADO');
      expect((await db.collection('fatos_documento').findOne({ _id: `desfecho:${doc.id}` as never }))?.outbox.estado).toBe('PUBLICADO');
      // Still exactly one after a while (a second pass publishes nothing more).
      await new Promise((r) => setTimeout(r, 2_500));
      expect((await eventosDoDocumento(nc, doc.id, 2)).filter((e) => e.subject === 'fiscal.v1.ERP_NFE_CANCELADA')).toHaveLength(1);
    } finally {
      await stopFiscal(restarted);
    }
  }, 60_000);
});
