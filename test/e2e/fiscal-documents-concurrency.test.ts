import mongoose, { type Connection } from 'mongoose';
import { graphql, stackEnv } from '../support/env';
import { emitir, empresaFiscal, nfeVenda, referenciaNova } from './fiscal-helpers';

/** Numbering and references under concurrency (FerretDB has no atomic counter: numbers are claimed by insert). */
let db: Connection;
beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: 'erp_fiscal_document' }).asPromise();
});
afterAll(() => db.close());

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
});
