import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Subjects, type PedidoFaturadoEvent } from '@erp/contracts';
import { publishEvent } from '@erp/kit';
import { graphql, stackEnv } from '../support/env';
import { ENDERECO_CLIENTE, empresaFiscal, referenciaNova } from './fiscal-helpers';

/** Automatic emission (spec 4.4): an invoiced order becomes an NF-e when the company turned it on. */
let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: stackEnv.natsUrl });
});
afterAll(() => nc.close());

const pedido = (companyId: string, pedidoId: string): PedidoFaturadoEvent => ({
  pedidoId,
  companyId,
  destinatario: { documento: '11222333000181', nome: 'Cliente Ltda', uf: 'SP', codigoMunicipio: '3550308', endereco: ENDERECO_CLIENTE },
  itens: [{ codigo: 'P-1', descricao: 'Cadeira', quantidade: 4, valorUnitario: 99.9, ncm: '94013000', cfop: '5102', csosn: '102' }],
  modalidadeFrete: 'EMITENTE',
  faturadoEm: new Date().toISOString(),
});

async function documentosDe(sessao: string): Promise<{ referencia: string; numero: number; situacao: string; valorTotal: number; modalidadeFrete: number }[]> {
  const r = await graphql('{ documentosFiscais { itens { referencia numero situacao valorTotal modalidadeFrete } } }', {}, sessao);
  return r.data?.documentosFiscais.itens ?? [];
}

async function ate<T>(probe: () => Promise<T | null>, timeoutMs = 15_000): Promise<T> {
  const fim = Date.now() + timeoutMs;
  for (;;) {
    const valor = await probe();
    if (valor !== null) return valor;
    if (Date.now() > fim) throw new Error('not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('fiscal documents - automatic emission', () => {
  it('fiscal documents - an invoiced order of a company with emissaoAutomatica becomes one NF-e, even when the order comes twice', async () => {
    const ligada = await empresaFiscal({ emissaoAutomatica: true });
    const desligada = await empresaFiscal({ emissaoAutomatica: false });
    const pedidoId = referenciaNova('PEDIDO');
    const js = jetstream(nc);
    await publishEvent(js, Subjects.pedidoFaturado, pedido(desligada.companyId, referenciaNova('PEDIDO')), referenciaNova('msg'));
    await publishEvent(js, Subjects.pedidoFaturado, pedido(ligada.companyId, pedidoId), `${pedidoId}:1`);
    // The ERP sends it again under another message id (a retry of its own): still one document.
    await publishEvent(js, Subjects.pedidoFaturado, pedido(ligada.companyId, pedidoId), `${pedidoId}:2`);
    const marcador = referenciaNova('PEDIDO');
    await publishEvent(js, Subjects.pedidoFaturado, pedido(ligada.companyId, marcador), marcador);

    // The consumer handles the stream in order: once the marker's NF-e exists, everything before was handled.
    const docs = await ate(async () => {
      const lista = await documentosDe(ligada.admin);
      return lista.some((d) => d.referencia === marcador) ? lista : null;
    });
    // 4 x 99.90 = 399.60; freight EMITENTE is modFrete 0 (CIF).
    expect(docs.filter((d) => d.referencia === pedidoId)).toEqual([{ referencia: pedidoId, numero: 1, situacao: 'AUTORIZADO', valorTotal: 399.6, modalidadeFrete: 0 }]);
    expect(docs).toHaveLength(2);
    expect(await documentosDe(desligada.admin)).toEqual([]);
  });
});
