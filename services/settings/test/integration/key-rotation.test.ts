import { randomBytes, verify, createPublicKey } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { createLogger } from '@erp/kit';
import { stackEnv, newCompanyId } from '../../../../test/support/env';
import { SettingsService } from '../../src/app/settings-service';
import { SecretBox, parseKeys } from '../../src/crypto/secret-box';
import { createSettingsStore, type SettingsStore } from '../../src/store/settings-store';
import { chavePublicaDeTeste, criarPfx } from '../support/certificados';

/** The settings use cases in-process against the real FerretDB and NATS, in a database of this test alone. */
let db: Connection;
let store: SettingsStore;
const log = createLogger('settings-test', 'silent');
const k1 = `k1:${randomBytes(32).toString('base64')}`;
const k2 = `k2:${randomBytes(32).toString('base64')}`;

/** No relay here: the versions' events stay pending in this test's own database, which nobody publishes from. */
const service = (keys: string) => new SettingsService({ store, secretBox: new SecretBox(parseKeys(keys)), announce: async () => 0, log });

beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: `settings_key_rotation_${process.pid}` }).asPromise();
  store = await createSettingsStore(db);
});
afterAll(async () => {
  await db.dropDatabase();
  await db.close();
});

describe('settings - key rotation', () => {
  it('settings - after putting a new key first, every secret is re-encrypted with it and the old key can go', async () => {
    const companyId = newCompanyId('rotation');
    const pfx = criarPfx('pfx-rot');
    const salvo = await service(k1).save(companyId, 'u1', {
      empresa: { cnpj: '11222333000181' },
      nfse: { senha: 'ws-rot' },
      certificadoA1: { arquivoBase64: pfx.toString('base64'), senha: 'pfx-rot' },
    });
    expect(salvo.versao).toBe(1);
    const kids = async () => {
      const bruto = await db.collection('configuracao_versoes').findOne({ companyId }, { sort: { versao: -1 } });
      return [bruto!.nfseSenha.kid, bruto!.certificado.pfx.kid, bruto!.certificado.senha.kid];
    };
    expect(await kids()).toEqual(['k1', 'k1', 'k1']);

    // Without k1 nothing opens: signing fails loudly rather than with a wrong key.
    await expect(service(k2).sign({ companyId, algoritmo: 'RSA-SHA256', dadosBase64: 'AAAA' })).rejects.toThrow();

    expect(await service(`${k2},${k1}`).reencryptWithCurrentKey()).toBeGreaterThanOrEqual(1);
    expect(await kids()).toEqual(['k2', 'k2', 'k2']);
    expect(await service(`${k2},${k1}`).reencryptWithCurrentKey()).toBe(0);

    const assinatura = await service(k2).sign({ companyId, algoritmo: 'RSA-SHA256', dadosBase64: Buffer.from('x').toString('base64') });
    expect(assinatura.ok).toBe(true);
    if (!assinatura.ok) return;
    expect(verify('sha256', Buffer.from('x'), createPublicKey(chavePublicaDeTeste()), Buffer.from(assinatura.assinaturaBase64, 'base64'))).toBe(true);
  });
});
