import mongoose, { type Connection } from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { stackEnv } from '../support/env';
import { DOCUMENTOS, empresaFiscal, eventosDoDocumento, nfeVenda } from './fiscal-helpers';
import { direto, exitCode, startFiscal, stopFiscal } from './fiscal-process';

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
  it('fiscal documents - killed right after claiming a cancellation, the client\'s retry settles the claim at once: 200, CANCELADO, one ERP_NFE_CANCELADA (never DOCUMENTO_JA_CANCELADO for a cancellation not recorded)', async () => {
    const empresa = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const faulty = await startFiscal('crash-cancel-claimed', DB, { FISCAL_FAULT: 'exit-after-cancel-claimed' });
    const justificativa = { justificativa: 'Cancelamento interrompido pela queda do serviço' };
    let doc: { id: string };
    try {
      const emitido = await post(`${faulty.url}${DOCUMENTOS}`, empresa.admin, nfeVenda({ itens: [{ codigo: 'P', descricao: 'Mesa', quantidade: 1, valorUnitario: 700, ncm: '94033000', cfop: '5102', cst: '00' }] }));
      doc = ((await emitido.json()) as { dados: { id: string } }).dados;
      await expect(post(`${faulty.url}${DOCUMENTOS}/${doc.id}/cancelar`, empresa.admin, justificativa)).rejects.toThrow();
      expect(await exitCode(faulty)).toBe(86);
    } finally {
      await stopFiscal(faulty);
    }
    expect(await db.collection('fatos_documento').findOne({ _id: `desfecho:${doc.id}` as never })).toMatchObject({ efeito: null });

    const restarted = await startFiscal('crash-cancel-retry', DB);
    try {
      // Seconds after the claim, not the 30 s an abandoned emission waits: the author's turn is not running.
      const retry = await post(`${restarted.url}${DOCUMENTOS}/${doc.id}/cancelar`, empresa.admin, justificativa);
      const corpo = (await retry.json()) as { dados: { situacao: string } };
      expect([retry.status, corpo.dados.situacao]).toEqual([200, 'CANCELADO']);
      const again = await post(`${restarted.url}${DOCUMENTOS}/${doc.id}/cancelar`, empresa.admin, justificativa);
      expect([again.status, ((await again.json()) as { codigo: string }).codigo]).toEqual([409, 'DOCUMENTO_JA_CANCELADO']);
      const eventos = await eventosDoDocumento(nc, doc.id, 2);
      expect(eventos.map((e) => e.subject)).toEqual(['fiscal.v1.ERP_DOCUMENTO_AUTORIZADO', 'fiscal.v1.ERP_NFE_CANCELADA']);
    } finally {
      await stopFiscal(restarted);
    }
  }, 60_000);

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

  it('fiscal documents - killed after recording an authorization and before publishing it, the restarted service flips the document and publishes ERP_DOCUMENTO_AUTORIZADO exactly once', async () => {
    const empresa = await empresaFiscal();
    const corpo = nfeVenda();
    const faulty = await startFiscal('crash-authorization', DB, { FISCAL_FAULT: 'exit-after-authorization-recorded' });
    try {
      await expect(direto(faulty, 'POST', DOCUMENTOS, empresa.usuario, corpo)).rejects.toThrow();
      expect(await exitCode(faulty)).toBe(86);
    } finally {
      await stopFiscal(faulty);
    }
    const doc = (await db.collection<{ _id: string; situacao: string }>('documentos_fiscais').findOne({ companyId: empresa.companyId, referencia: corpo.referencia }))!;
    expect(doc.situacao).toBe('PROCESSANDO');
    expect((await db.collection('fatos_documento').findOne({ _id: `autorizacao:${doc._id}` as never }))?.outbox.estado).toBe('PENDENTE');

    const restarted = await startFiscal('crash-authorization-restarted', DB);
    try {
      const eventos = await eventosDoDocumento(nc, doc._id, 1);
      expect(eventos.map((e) => e.subject)).toEqual(['fiscal.v1.ERP_DOCUMENTO_AUTORIZADO']);
      expect(eventos[0].payload).toMatchObject({ documentoId: doc._id, numero: 1, referencia: corpo.referencia });
      const lido = await direto(restarted, 'GET', `${DOCUMENTOS}/${doc._id}`, empresa.usuario);
      expect(lido.body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 1 });
      // The client's retry answers the same document; still one event.
      const deNovo = await direto(restarted, 'POST', DOCUMENTOS, empresa.usuario, corpo);
      expect([deNovo.status, deNovo.body.dados.id, deNovo.body.dados.situacao]).toEqual([200, doc._id, 'AUTORIZADO']);
      await new Promise((r) => setTimeout(r, 2_500));
      expect(await eventosDoDocumento(nc, doc._id, 1)).toHaveLength(1);
    } finally {
      await stopFiscal(restarted);
    }
  }, 60_000);

  it('fiscal documents - killed between taking a number and writing it on the document, the reconciliation finishes the document with that number', async () => {
    const empresa = await empresaFiscal();
    const corpo = nfeVenda();
    const faulty = await startFiscal('crash-number', DB, { FISCAL_FAULT: 'exit-after-number-taken' });
    try {
      await expect(direto(faulty, 'POST', DOCUMENTOS, empresa.usuario, corpo)).rejects.toThrow();
      expect(await exitCode(faulty)).toBe(86);
    } finally {
      await stopFiscal(faulty);
    }
    const doc = (await db.collection<{ _id: string; situacao: string }>('documentos_fiscais').findOne({ companyId: empresa.companyId, referencia: corpo.referencia }))!;
    expect(doc).toMatchObject({ situacao: 'PROCESSANDO', numero: null });
    const numeros = () => db.collection('numeracao').find({ companyId: empresa.companyId }).toArray();
    expect((await numeros()).map((n) => [n.numero, n.situacao, n.documentoId])).toEqual([[1, 'USADO', doc._id]]);

    // Restarted with its clock a minute ahead, so the claim counts as abandoned, and a reconciliation pass every 200 ms.
    const restarted = await startFiscal('crash-number-restarted', DB, { FISCAL_CLOCK_OFFSET_MS: '60000', FISCAL_RECONCILE_INTERVAL_MS: '200' });
    try {
      const eventos = await eventosDoDocumento(nc, doc._id, 1);
      expect(eventos.map((e) => [e.subject, e.payload.numero])).toEqual([['fiscal.v1.ERP_DOCUMENTO_AUTORIZADO', 1]]);
      expect((await direto(restarted, 'GET', `${DOCUMENTOS}/${doc._id}`, empresa.usuario)).body.dados).toMatchObject({ situacao: 'AUTORIZADO', numero: 1 });
      expect((await numeros()).map((n) => [n.numero, n.situacao])).toEqual([[1, 'USADO']]);
      // The next document takes number 2: nothing was burned.
      expect((await direto(restarted, 'POST', DOCUMENTOS, empresa.usuario, nfeVenda())).body.dados.numero).toBe(2);
    } finally {
      await stopFiscal(restarted);
    }
  }, 60_000);
});
