import mongoose, { type Connection } from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { graphql, stackEnv } from '../support/env';
import { DOCUMENTOS, cancelar, emitir, empresaFiscal, eventosDoDocumento, nfeVenda, referenciaNova } from './fiscal-helpers';
import { direto, startFiscal, stopFiscal, type FiscalProcess } from './fiscal-process';

/** Numbering and references under concurrency (FerretDB has no atomic counter: numbers are claimed by insert). */
let db: Connection;
let nc: NatsConnection;
/** A second replica on the stack's database and NATS: the gateway reaches the stack's, the test this one directly. */
let replica: FiscalProcess;
beforeAll(async () => {
  [db, nc, replica] = await Promise.all([
    mongoose.createConnection(stackEnv.mongodbUrl, { dbName: 'erp_fiscal_document' }).asPromise(),
    connect({ servers: stackEnv.natsUrl }),
    startFiscal('replica', 'erp_fiscal_document'),
  ]);
}, 90_000);
afterAll(async () => {
  await stopFiscal(replica);
  await nc.close();
  await db.close();
});

describe('fiscal documents - concurrency', () => {
  it('fiscal documents - 24 emissions at once on one series get the numbers 1..24, no gap, no duplicate, each authorized', async () => {
    const empresa = await empresaFiscal();
    const respostas = await Promise.all(Array.from({ length: 24 }, () => emitir(empresa.usuario, nfeVenda())));
    expect(respostas.map((r) => r.status)).toEqual(Array(24).fill(201));
    const numeros = respostas.map((r) => r.body.dados.numero).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(new Set(respostas.map((r) => r.body.dados.chaveAcesso)).size).toBe(24);
    // Series 2 and the NFC-e model count on their own.
    const serie2 = await emitir(empresa.usuario, nfeVenda({ serie: 2 }));
    expect(serie2.body.dados).toMatchObject({ serie: 2, numero: 1 });
    const serie3 = await emitir(empresa.usuario, nfeVenda({ serie: 3 }));
    expect(serie3.body.campos[0]).toMatchObject({ campo: 'serie', regra: 'serie_nao_configurada' });
  });

  it('fiscal documents - the same referencia sent 6 times at once makes one document with one number', async () => {
    const empresa = await empresaFiscal();
    const corpo = nfeVenda();
    const respostas = await Promise.all(Array.from({ length: 6 }, () => emitir(empresa.usuario, corpo)));
    expect(respostas.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(respostas.map((r) => r.body.dados.id)).size).toBe(1);
    expect(new Set(respostas.map((r) => r.body.dados.numero))).toEqual(new Set([1]));
    const lista = await graphql('{ documentosFiscais { itens { numero referencia } } }', {}, empresa.usuario);
    expect(lista.data?.documentosFiscais.itens).toEqual([{ numero: 1, referencia: corpo.referencia }]);
    const numeros = await db.collection('numeracao').find({ companyId: empresa.companyId }).toArray();
    expect(numeros.map((n) => [n.numero, n.situacao])).toEqual([[1, 'USADO']]);
    // The next document takes number 2: no number was burned by the five that lost.
    expect((await emitir(empresa.usuario, nfeVenda({ referencia: referenciaNova() }))).body.dados.numero).toBe(2);
  });

  it('fiscal documents - two replicas: emissions split between them get 1..N without gap or duplicate, one document per referencia, one cancellation event', async () => {
    const empresa = await empresaFiscal();
    const N = 20;
    const viaReplica = (corpo: unknown) => direto(replica, 'POST', DOCUMENTOS, empresa.usuario, corpo);
    const respostas = await Promise.all(Array.from({ length: N }, (_, i) => (i % 2 === 0 ? emitir(empresa.usuario, nfeVenda()) : viaReplica(nfeVenda()))));
    expect(respostas.map((r) => r.status)).toEqual(Array(N).fill(201));
    expect(respostas.map((r) => r.body.dados.numero).sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    expect(new Set(respostas.map((r) => r.body.dados.chaveAcesso)).size).toBe(N);

    // The same referencia sent to both replicas at once, three times each: one document, one number (N + 1).
    const corpo = nfeVenda();
    const mesma = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? emitir(empresa.usuario, corpo) : viaReplica(corpo))));
    expect(mesma.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(mesma.map((r) => r.body.dados.id)).size).toBe(1);
    expect(new Set(mesma.map((r) => r.body.dados.numero))).toEqual(new Set([N + 1]));
    const numeros = await db.collection('numeracao').find({ companyId: empresa.companyId }).toArray();
    expect(numeros.map((n) => n.numero).sort((a, b) => a - b)).toEqual(Array.from({ length: N + 1 }, (_, i) => i + 1));
    expect(numeros.every((n) => n.situacao === 'USADO')).toBe(true);

    // Cancellations of one document racing on both replicas: one succeeds, one event.
    const alvo = respostas[0].body.dados;
    const justificativa = 'Cancelamento disputado entre duas réplicas';
    const cancelamentos = await Promise.all(
      Array.from({ length: 4 }, (_, i) => (i % 2 === 0 ? cancelar(empresa.admin, alvo.id, justificativa) : direto(replica, 'POST', `${DOCUMENTOS}/${alvo.id}/cancelar`, empresa.admin, { justificativa }))),
    );
    expect(cancelamentos.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const eventos = (await eventosDoDocumento(nc, alvo.id, 2)).filter((e) => e.subject === 'fiscal.v1.ERP_NFE_CANCELADA');
    expect(eventos).toHaveLength(1);
  }, 120_000);
});
