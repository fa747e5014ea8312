import fs from 'node:fs';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import mongoose, { type Connection } from 'mongoose';
import { Streams, Subjects, type PedidoFaturadoEvent } from '@erp/contracts';
import { publishEvent } from '@erp/kit';
import type { RunningStack } from '../../scripts/stack';
import { stackEnv } from '../support/env';
import { startIsolatedStack } from '../support/isolated-stack';
import { ENDERECO_CLIENTE, empresaFiscal, eventosDoDocumento, referenciaNova } from './fiscal-helpers';

/**
 * Automatic emission while the tax engine is down: a second stack (its own NATS and databases, on the run's
 * MongoDB) whose tax-simulation process this test kills and starts again, so the outage is real and touches no
 * other test.
 */
jest.setTimeout(300_000);

const PREFIXO = `outage${Date.now().toString(36)}`;
const DB_FISCAL = `${PREFIXO}_fiscal_document`;

let stack: RunningStack;
let dataDir: string;
let nc: NatsConnection;
let db: Connection;

beforeAll(async () => {
  const options = { mongodbUrl: stackEnv.mongodbUrl, databasePrefix: PREFIXO };
  // Six more processes next to the run's stack: on a starved machine a start can miss the launcher's 60 s; once more.
  try {
    ({ stack, dataDir } = await startIsolatedStack('outage', 'info', options));
  } catch (error) {
    console.warn(`outage stack did not start, trying once more: ${String(error).slice(0, 300)}`);
    ({ stack, dataDir } = await startIsolatedStack('outage', 'info', options));
  }
  nc = await connect({ servers: stack.natsUrl });
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: DB_FISCAL }).asPromise();
});

afterAll(async () => {
  await nc?.close();
  await db?.dropDatabase();
  await db?.close();
  await stack?.stop();
  if (dataDir && !process.env.KEEP_TEST_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function ate<T>(probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const fim = Date.now() + timeoutMs;
  for (;;) {
    const valor = await probe();
    if (valor !== null) return valor;
    if (Date.now() > fim) throw new Error('not reached in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function documentos(sessao: string): Promise<{ id: string; referencia: string; numero: number; situacao: string }[]> {
  const response = await fetch(`${stack.gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${sessao}` },
    body: JSON.stringify({ query: '{ documentosFiscais { itens { id referencia numero situacao } } }' }),
  });
  const body = (await response.json()) as { data?: { documentosFiscais: { itens: { id: string; referencia: string; numero: number; situacao: string }[] } } };
  return body.data?.documentosFiscais.itens ?? [];
}

describe('fiscal documents - automatic emission during an outage', () => {
  it('fiscal documents - an order invoiced while the tax service is down is redelivered and issued exactly once when it is back', async () => {
    const empresa = await empresaFiscal({ emissaoAutomatica: true, pilha: stack });
    await stack.units.stop('tax-simulation', { kill: true });

    const pedidoId = referenciaNova('PEDIDO');
    const pedido: PedidoFaturadoEvent = {
      pedidoId,
      companyId: empresa.companyId,
      destinatario: { documento: '11222333000181', nome: 'Cliente Ltda', uf: 'SP', codigoMunicipio: '3550308', endereco: ENDERECO_CLIENTE },
      itens: [{ codigo: 'P-1', descricao: 'Cadeira', quantidade: 2, valorUnitario: 150, ncm: '94013000', cfop: '5102', csosn: '102' }],
      modalidadeFrete: 'EMITENTE',
      faturadoEm: new Date().toISOString(),
    };
    await publishEvent(jetstream(nc), Subjects.pedidoFaturado, pedido, pedidoId);

    // The broker redelivers it: the emission failed for the outage and was not acknowledged.
    const jsm = await jetstreamManager(nc);
    await ate(async () => ((await jsm.consumers.info(Streams.erp.name, `automatic-emission-${DB_FISCAL}`)).num_redelivered > 0 ? true : null), 60_000);
    expect(await documentos(empresa.admin)).toEqual([]);

    await stack.units.start('tax-simulation');
    const [doc] = await ate(async () => {
      const lista = await documentos(empresa.admin);
      return lista.length > 0 ? lista : null;
    }, 120_000);
    expect(doc).toMatchObject({ referencia: pedidoId, numero: 1, situacao: 'AUTORIZADO' });

    const eventos = await eventosDoDocumento(nc, doc.id, 1);
    expect(eventos.map((e) => e.subject)).toEqual(['fiscal.v1.ERP_DOCUMENTO_AUTORIZADO']);
    expect(await documentos(empresa.admin)).toHaveLength(1);
    expect(await db.collection('dead_letters').countDocuments({})).toBe(0);
    expect(await db.collection('numeracao').countDocuments({ companyId: empresa.companyId })).toBe(1);
  });
});
