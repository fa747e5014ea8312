import mongoose from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { graphql, newCompanyId, rest, sessionFor, stackEnv } from '../support/env';
import { cteInterno } from './cte-helpers';
import { DOCUMENTOS, cancelar, emitir, empresaFiscal, eventosDoDocumento, nfeVenda, referenciaNova, type EmpresaFiscal } from './fiscal-helpers';

let nc: NatsConnection;
let empresa: EmpresaFiscal;
const JUSTIFICATIVA = 'Pedido cancelado pelo cliente antes do envio';

beforeAll(async () => {
  nc = await connect({ servers: stackEnv.natsUrl });
  empresa = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
});
afterAll(async () => {
  await nc.close();
});

const itemLp = { codigo: 'P', descricao: 'Mesa', quantidade: 1, valorUnitario: 1000, ncm: '94033000', cfop: '5102', cst: '00' };
const novaNfe = async () => (await emitir(empresa.admin, nfeVenda({ itens: [itemLp] }))).body.dados;

describe('fiscal documents - cancellation', () => {
  it('fiscal documents - an authorized NF-e is cancelled inside its deadline and ERP_NFE_CANCELADA goes out once with the spec fields', async () => {
    const doc = await novaNfe();
    const resposta = await cancelar(empresa.admin, doc.id, `  ${JUSTIFICATIVA}  `);
    expect(resposta.status).toBe(200);
    expect(resposta.body).toMatchObject({ sucesso: true, mensagem: expect.stringContaining(doc.chaveAcesso) });
    const cancelado = resposta.body.dados;
    expect(cancelado).toMatchObject({ id: doc.id, situacao: 'CANCELADO', justificativaCancelamento: JUSTIFICATIVA, prazoCancelamento: null });
    expect(cancelado.protocoloCancelamento).toMatch(/^\d{15}$/);
    expect((await rest('GET', `${DOCUMENTOS}/${doc.id}`, { bearer: empresa.usuario })).body.dados.situacao).toBe('CANCELADO');

    const eventos = (await eventosDoDocumento(nc, doc.id, 2)).filter((e) => e.subject === 'fiscal.v1.ERP_NFE_CANCELADA');
    expect(eventos).toHaveLength(1);
    expect(eventos[0].msgId).toBe(eventos[0].payload.eventId);
    expect(eventos[0].payload).toEqual({
      eventId: `cancelamento:${doc.id}`,
      companyId: empresa.companyId,
      documentoId: doc.id,
      referencia: doc.referencia,
      chaveAcesso: doc.chaveAcesso,
      modelo: 'NFE',
      serie: 1,
      numero: doc.numero,
      valorTotal: 1000,
      autorizadoEm: doc.autorizadoEm,
      canceladoEm: cancelado.canceladoEm,
      justificativa: JUSTIFICATIVA,
      protocoloCancelamento: cancelado.protocoloCancelamento,
    });

    const deNovo = await cancelar(empresa.admin, doc.id, JUSTIFICATIVA);
    expect(deNovo.status).toBe(409);
    expect(deNovo.body).toMatchObject({ codigo: 'DOCUMENTO_JA_CANCELADO', canceladoEm: cancelado.canceladoEm });
  });

  it('fiscal documents - NFC-e, CT-e and NFS-e are cancelled too, each with one ERP_NFE_CANCELADA naming its model', async () => {
    const nfe = await novaNfe();
    const corpos = [
      { referencia: referenciaNova('NFCE'), modelo: 'NFCE', itens: [itemLp] },
      cteInterno(nfe.chaveAcesso),
      { referencia: referenciaNova('NFSE'), modelo: 'NFSE', destinatario: { documento: '11222333000181', nome: 'Tomador Servicos Ltda' }, itens: [{ codigo: 'S', descricao: 'Suporte', quantidade: 1, valorUnitario: 300, aliquotaIss: 2 }] },
    ];
    for (const corpo of corpos) {
      const doc = (await emitir(empresa.admin, corpo)).body.dados;
      const cancelado = await cancelar(empresa.admin, doc.id, JUSTIFICATIVA);
      expect([corpo.modelo, cancelado.status, cancelado.body.dados.situacao]).toEqual([corpo.modelo, 200, 'CANCELADO']);
      const eventos = (await eventosDoDocumento(nc, doc.id, 2)).filter((e) => e.subject === 'fiscal.v1.ERP_NFE_CANCELADA');
      expect(eventos.map((e) => [e.payload.modelo, e.payload.chaveAcesso, e.payload.numero, e.msgId])).toEqual([[corpo.modelo, doc.chaveAcesso, doc.numero, `cancelamento:${doc.id}`]]);
    }
  });

  it('fiscal documents - an NFS-e of last month is past its deadline (the end of its competence month): 422 with the deadline', async () => {
    const brasilia = new Date(Date.now() - 3 * 3_600_000);
    const anterior = new Date(Date.UTC(brasilia.getUTCFullYear(), brasilia.getUTCMonth() - 1, 1));
    const competencia = `${String(anterior.getUTCMonth() + 1).padStart(2, '0')}/${anterior.getUTCFullYear()}`;
    const nfse = await emitir(empresa.admin, {
      referencia: referenciaNova('NFSE'),
      modelo: 'NFSE',
      destinatario: { documento: '11222333000181', nome: 'Tomador Servicos Ltda' },
      itens: [{ codigo: 'S', descricao: 'Suporte', quantidade: 1, valorUnitario: 300, aliquotaIss: 2 }],
      competencia,
    });
    expect([nfse.status, nfse.body.dados.competencia, nfse.body.dados.prazoCancelamento]).toEqual([201, competencia, null]);
    const tarde = await cancelar(empresa.admin, nfse.body.dados.id, JUSTIFICATIVA);
    expect([tarde.status, tarde.body.codigo]).toEqual([422, 'PRAZO_CANCELAMENTO_EXPIRADO']);
    // The first instant of this month in Brasília (03:00 UTC).
    expect(tarde.body.prazo).toBe(new Date(Date.UTC(brasilia.getUTCFullYear(), brasilia.getUTCMonth(), 1, 3)).toISOString());
    // People read Brasília's wall clock: 03:00 UTC is 00:00 in Brasília, the end of the competence month's last day
    // (`anterior` is the 1st of that month; day 0 of the next month is its last day). The ISO field is for machines.
    const ultimo = new Date(Date.UTC(anterior.getUTCFullYear(), anterior.getUTCMonth() + 1, 0));
    const dia = `${String(ultimo.getUTCDate()).padStart(2, '0')}/${String(ultimo.getUTCMonth() + 1).padStart(2, '0')}/${ultimo.getUTCFullYear()}`;
    expect(tarde.body.erro).toBe(`o prazo de cancelamento deste documento terminou no fim de ${dia} (horário de Brasília)`);
  });

  it('fiscal documents - GraphQL cancellation by a user (not admin) is refused with FORBIDDEN and changes nothing', async () => {
    const doc = await novaNfe();
    const r = await graphql('mutation($id: ID!, $j: String!) { cancelarDocumentoFiscal(id: $id, justificativa: $j) { situacao } }', { id: doc.id, j: JUSTIFICATIVA }, empresa.usuario);
    expect(r.data?.cancelarDocumentoFiscal ?? null).toBeNull();
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect((await rest('GET', `${DOCUMENTOS}/${doc.id}`, { bearer: empresa.admin })).body.dados.situacao).toBe('AUTORIZADO');
  });

  it('fiscal documents - justificativa of 15 to 255 characters after trimming; only admin cancels; another company gets 404', async () => {
    const doc = await novaNfe();
    for (const ruim of ['curta demais', `${' '.repeat(20)}14 caracteres!${' '.repeat(5)}`, 'x'.repeat(256), 42, null]) {
      const resposta = await cancelar(empresa.admin, doc.id, ruim);
      expect([resposta.status, resposta.body.codigo]).toEqual([400, 'JUSTIFICATIVA_INVALIDA']);
    }
    const usuario = await cancelar(empresa.usuario, doc.id, JUSTIFICATIVA);
    expect([usuario.status, usuario.body.codigo]).toEqual([403, 'FORBIDDEN']);
    const estranho = await cancelar(await sessionFor(newCompanyId('outra'), 'admin'), doc.id, JUSTIFICATIVA);
    expect([estranho.status, estranho.body.codigo]).toEqual([404, 'DOCUMENTO_NAO_ENCONTRADO']);
    const inexistente = await cancelar(empresa.admin, 'nao-existe', JUSTIFICATIVA);
    expect([inexistente.status, inexistente.body.codigo]).toEqual([404, 'DOCUMENTO_NAO_ENCONTRADO']);
    expect((await cancelar(empresa.admin, doc.id, 'x'.repeat(255))).status).toBe(200);
  });

  it('fiscal documents - delivered goods forbid cancelling an NF-e (a return NF-e instead); a started transport forbids cancelling a CT-e', async () => {
    const nfe = await novaNfe();
    const entrega = await rest('POST', `${DOCUMENTOS}/${nfe.id}/entrega`, { bearer: empresa.usuario });
    expect(entrega.status).toBe(200);
    expect(entrega.body.dados.entregueEm).toEqual(expect.any(String));
    expect(entrega.body.dados.prazoCancelamento).toBeNull();
    expect((await rest('POST', `${DOCUMENTOS}/${nfe.id}/entrega`, { bearer: empresa.usuario })).body.dados.entregueEm).toBe(entrega.body.dados.entregueEm);
    const recusa = await cancelar(empresa.admin, nfe.id, JUSTIFICATIVA);
    expect([recusa.status, recusa.body.codigo]).toEqual([422, 'MERCADORIA_ENTREGUE']);
    expect(recusa.body.erro).toMatch(/devolução/);

    const cte = await emitir(empresa.admin, cteInterno(nfe.chaveAcesso));
    const inicio = await graphql('mutation($id: ID!) { registrarInicioServico(id: $id) { servicoIniciadoEm prazoCancelamento } }', { id: cte.body.dados.id }, empresa.usuario);
    expect(inicio.data?.registrarInicioServico).toMatchObject({ servicoIniciadoEm: expect.any(String), prazoCancelamento: null });
    const recusaCte = await graphql('mutation($id: ID!, $j: String!) { cancelarDocumentoFiscal(id: $id, justificativa: $j) { situacao } }', { id: cte.body.dados.id, j: JUSTIFICATIVA }, empresa.admin);
    expect(recusaCte.errors?.[0]?.extensions).toMatchObject({ code: 'SERVICO_INICIADO' });
    expect(recusaCte.errors?.[0]?.message).toMatch(/desacordo/);

    const errado = await rest('POST', `${DOCUMENTOS}/${cte.body.dados.id}/entrega`, { bearer: empresa.usuario });
    expect([errado.status, errado.body.codigo]).toEqual([422, 'MARCACAO_INVALIDA']);
    // A cancelled NF-e can no longer be marked delivered.
    const outra = await novaNfe();
    await cancelar(empresa.admin, outra.id, JUSTIFICATIVA);
    expect((await rest('POST', `${DOCUMENTOS}/${outra.id}/entrega`, { bearer: empresa.usuario })).body.codigo).toBe('DOCUMENTO_JA_CANCELADO');
  });

  it('fiscal documents - a company may set its own deadlines within the legal maximum (CT-e up to 168 h, NF-e at most 24 h)', async () => {
    const propria = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const acima = await rest('PUT', '/api/erp/faturamento/configuracao', { bearer: propria.admin, body: { ...(await rest('GET', '/api/erp/faturamento/configuracao', { bearer: propria.admin })).body.dados, prazosCancelamento: { nfeHoras: 25, cteHoras: 169 } } });
    expect(acima.status).toBe(400);
    expect(acima.body.campos.map((c: { campo: string; regra: string }) => `${c.campo}:${c.regra}`)).toEqual(['prazosCancelamento.nfeHoras:intervalo', 'prazosCancelamento.cteHoras:intervalo']);
    const lido = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: propria.admin })).body.dados;
    expect(lido.prazosCancelamento).toEqual({ nfeHoras: null, nfceMinutos: null, cteHoras: null, nfseDias: null });
    const salvo = await rest('PUT', '/api/erp/faturamento/configuracao', { bearer: propria.admin, body: { ...lido, prazosCancelamento: { nfeHoras: 2, cteHoras: 168 } } });
    expect(salvo.status).toBe(200);
    expect(salvo.body.dados.prazosCancelamento).toEqual({ nfeHoras: 2, nfceMinutos: null, cteHoras: 168, nfseDias: null });

    const nfe = (await emitir(propria.admin, nfeVenda({ itens: [itemLp] }))).body.dados;
    expect(new Date(nfe.prazoCancelamento).getTime() - new Date(nfe.autorizadoEm).getTime()).toBe(2 * 3_600_000);
    const cte = (
      await emitir(propria.admin, cteInterno(nfe.chaveAcesso))
    ).body.dados;
    // Cancelled 25 hours later under the company's 168 h: fiscal-documents-clock.test.ts.
    expect(new Date(cte.prazoCancelamento).getTime() - new Date(cte.autorizadoEm).getTime()).toBe(168 * 3_600_000);
  });

  it('fiscal documents - two cancellations at once: exactly one succeeds, exactly one event', async () => {
    for (let rodada = 0; rodada < 3; rodada += 1) {
      const doc = await novaNfe();
      const respostas = await Promise.all([0, 1, 2, 3].map(() => cancelar(empresa.admin, doc.id, JUSTIFICATIVA)));
      expect(respostas.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
      // The losers hear that it is being cancelled (the winner still at work) or that it is cancelled (done).
      for (const r of respostas.filter((x) => x.status === 409)) expect(['CANCELAMENTO_EM_ANDAMENTO', 'DOCUMENTO_JA_CANCELADO']).toContain(r.body.codigo);
      const eventos = (await eventosDoDocumento(nc, doc.id, 2)).filter((e) => e.subject === 'fiscal.v1.ERP_NFE_CANCELADA');
      expect(eventos).toHaveLength(1);
    }
  });

  it('fiscal documents - a delivery mark whose author died after claiming it is written by the repetition', async () => {
    const doc = await novaNfe();
    // What a crash between the claim and the document's write leaves: the claim, the document without the mark.
    const db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: 'erp_fiscal_document' }).asPromise();
    const em = new Date(Date.now() - 60_000);
    try {
      await db.collection('fatos_documento').insertOne({ _id: `desfecho:${doc.id}`, documentoId: doc.id, companyId: empresa.companyId, tipo: 'DESFECHO', desfecho: 'ENTREGA', efeito: { entregueEm: em }, em } as never);
      expect((await rest('GET', `${DOCUMENTOS}/${doc.id}`, { bearer: empresa.admin })).body.dados.entregueEm).toBeNull();
      const repetida = await rest('POST', `${DOCUMENTOS}/${doc.id}/entrega`, { bearer: empresa.usuario });
      expect([repetida.status, repetida.body.dados.entregueEm]).toEqual([200, em.toISOString()]);
      expect((await db.collection('documentos_fiscais').findOne({ _id: doc.id as never }))?.entregueEm).toEqual(em);
      expect((await rest('GET', `${DOCUMENTOS}/${doc.id}`, { bearer: empresa.admin })).body.dados).toMatchObject({ entregueEm: em.toISOString(), prazoCancelamento: null });
    } finally {
      await db.close();
    }
  });

  it('fiscal documents - delivery and cancellation racing: only one of them wins', async () => {
    const doc = await novaNfe();
    const [entrega, cancelamento] = await Promise.all([
      rest('POST', `${DOCUMENTOS}/${doc.id}/entrega`, { bearer: empresa.usuario }),
      cancelar(empresa.admin, doc.id, JUSTIFICATIVA),
    ]);
    const vencedores = [entrega.status, cancelamento.status].filter((s) => s === 200);
    expect(vencedores).toHaveLength(1);
    const final = (await rest('GET', `${DOCUMENTOS}/${doc.id}`, { bearer: empresa.admin })).body.dados;
    if (entrega.status === 200) expect(final).toMatchObject({ situacao: 'AUTORIZADO', entregueEm: expect.any(String) });
    else expect(final).toMatchObject({ situacao: 'CANCELADO', entregueEm: null });
  });
});
