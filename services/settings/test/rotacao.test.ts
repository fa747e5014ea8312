import { randomBytes, verify, createPublicKey } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createLogger } from '@erp/kit';
import { stackEnv, newCompanyId } from '../../../test/support/env';
import { ServicoConfiguracao } from '../src/app/servico';
import { Cofre, lerChaves } from '../src/crypto/cofre';
import { criarPublicador } from '../src/messaging/eventos';
import { modeloConfiguracao } from '../src/store/modelo';
import { RepositorioConfiguracao } from '../src/store/repositorio';
import { chavePublicaDeTeste, criarPfx } from './support/certificados';

/** The settings use cases in-process against the real FerretDB and NATS, in a database of this test alone. */
let db: Connection;
let nc: NatsConnection;
let repositorio: RepositorioConfiguracao;
const log = createLogger('settings-test', 'silent');
const k1 = `k1:${randomBytes(32).toString('base64')}`;
const k2 = `k2:${randomBytes(32).toString('base64')}`;

const servico = (chaves: string) => new ServicoConfiguracao(repositorio, new Cofre(lerChaves(chaves)), criarPublicador(nc), log);

beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: `settings_rotacao_${process.pid}` }).asPromise();
  nc = await connect({ servers: stackEnv.natsUrl });
  repositorio = new RepositorioConfiguracao(await modeloConfiguracao(db));
});
afterAll(async () => {
  await db.dropDatabase();
  await db.close();
  await nc.close();
});

describe('settings - key rotation', () => {
  it('settings - after putting a new key first, every secret is re-encrypted with it and the old key can go', async () => {
    const companyId = newCompanyId('rotacao');
    const pfx = criarPfx('pfx-rot');
    const salvo = await servico(k1).salvar(companyId, 'u1', {
      empresa: { cnpj: '11222333000181' },
      nfse: { senha: 'ws-rot' },
      certificadoA1: { arquivoBase64: pfx.toString('base64'), senha: 'pfx-rot' },
    });
    expect(salvo.ok).toBe(true);
    const kids = async () => {
      const bruto = await db.collection('configuracoes_fiscais').findOne({ companyId });
      return [bruto!.nfseSenha.kid, bruto!.certificado.pfx.kid, bruto!.certificado.senha.kid];
    };
    expect(await kids()).toEqual(['k1', 'k1', 'k1']);

    // Without k1 nothing opens: signing fails loudly rather than with a wrong key.
    await expect(servico(k2).assinar({ companyId, algoritmo: 'RSA-SHA256', dadosBase64: 'AAAA' })).rejects.toThrow();

    expect(await servico(`${k2},${k1}`).recifrarComChaveAtual()).toBeGreaterThanOrEqual(1);
    expect(await kids()).toEqual(['k2', 'k2', 'k2']);
    expect(await servico(`${k2},${k1}`).recifrarComChaveAtual()).toBe(0);

    const assinatura = await servico(k2).assinar({ companyId, algoritmo: 'RSA-SHA256', dadosBase64: Buffer.from('x').toString('base64') });
    expect(assinatura.ok).toBe(true);
    if (!assinatura.ok) return;
    expect(verify('sha256', Buffer.from('x'), createPublicKey(chavePublicaDeTeste()), Buffer.from(assinatura.assinaturaBase64, 'base64'))).toBe(true);
  });
});
