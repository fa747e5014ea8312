import mongoose, { type Connection } from 'mongoose';
import { stackEnv } from '../support/env';
import { criarPfx } from '../../services/settings/test/support/certificados';
import { CNPJ, corpoCompleto, empresaNova, obter, salvar } from './settings-helpers';

/** Reads the settings service's own collection directly, as an attacker with a database dump would. */
let db: Connection;
/** The company's newest settings version (older ones are pruned once their event is out). */
const atual = (companyId: string) => db.collection('configuracao_versoes').findOne({ companyId }, { sort: { versao: -1 } });

beforeAll(async () => {
  db = await mongoose.createConnection(stackEnv.mongodbUrl, { dbName: process.env.TEST_SETTINGS_DB ?? 'erp_settings' }).asPromise();
});
afterAll(async () => {
  await db.close();
});

function semTexto(documento: unknown, segredos: string[]) {
  const bruto = JSON.stringify(documento);
  for (const segredo of segredos) expect(bruto).not.toContain(segredo);
}

describe('settings - encryption at rest', () => {
  it('settings - the raw document holds no plaintext password and no certificate file', async () => {
    const { admin, companyId } = await empresaNova();
    const pfx = criarPfx('senha-do-pfx-987');
    const put = await salvar(admin, corpoCompleto({ empresa: { cnpj: CNPJ }, certificadoA1: { arquivoBase64: pfx.toString('base64'), senha: 'senha-do-pfx-987' } }));
    expect(put.status).toBe(200);

    const bruto = await atual(companyId);
    expect(bruto).not.toBeNull();
    const pfxBase64 = pfx.toString('base64');
    semTexto(bruto, ['senha-do-web-service-123', 'senha-do-pfx-987', pfxBase64.slice(0, 40), pfxBase64.slice(-40), pfx.toString('hex').slice(0, 40)]);
    // Also no fragment of the file in any binary field
    expect(JSON.stringify(bruto)).not.toContain(pfxBase64.slice(200, 260));

    for (const valor of [bruto!.nfseSenha, bruto!.certificado.pfx, bruto!.certificado.senha]) {
      expect(valor).toEqual({ kid: expect.any(String), iv: expect.any(String), tag: expect.any(String), dados: expect.any(String) });
      expect(Buffer.from(valor.iv, 'base64')).toHaveLength(12);
      expect(Buffer.from(valor.tag, 'base64')).toHaveLength(16);
    }
    const ivs = [bruto!.nfseSenha.iv, bruto!.certificado.pfx.iv, bruto!.certificado.senha.iv];
    expect(new Set(ivs).size).toBe(3);
    // The ciphertext of the file is the file's size (GCM adds no padding), so it really is the file, encrypted.
    expect(Buffer.from(bruto!.certificado.pfx.dados, 'base64')).toHaveLength(pfx.length);
  });

  it('settings - the mask round trip keeps the same ciphertext, a new password changes it', async () => {
    const { admin, companyId } = await empresaNova();
    await salvar(admin, corpoCompleto());
    const antes = (await atual(companyId))!.nfseSenha;
    const lido = (await obter(admin)).body.dados;
    await salvar(admin, lido);
    const depois = await atual(companyId);
    expect(depois!.versao).toBe(2);
    expect(depois!.nfseSenha).toEqual(antes);
    await salvar(admin, { ...lido, nfse: { ...lido.nfse, senha: 'outra-senha' } });
    const trocada = (await atual(companyId))!.nfseSenha;
    expect(trocada.dados).not.toBe(antes.dados);
    semTexto(trocada, ['outra-senha']);
  });
});
