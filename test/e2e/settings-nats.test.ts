import { createPublicKey, verify, X509Certificate } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import {
  Streams,
  Subjects,
  decode,
  settingsChangedEventSchema,
  type SettingsChangedEvent,
} from '@erp/contracts';
import { requestReply } from '@erp/kit';
import { stackEnv } from '../support/env';
import { chavePublicaDeTeste, criarPfx } from '../../services/settings/test/support/certificados';
import { CNPJ, corpoCompleto, empresaNova, salvar } from './settings-helpers';

let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: stackEnv.natsUrl });
});
afterAll(async () => {
  await nc.close();
});

async function empresaComCertificado() {
  const empresa = await empresaNova('nats');
  const pfx = criarPfx('pfx-nats');
  const put = await salvar(empresa.admin, corpoCompleto({ empresa: { cnpj: CNPJ }, certificadoA1: { arquivoBase64: pfx.toString('base64'), senha: 'pfx-nats' } }));
  expect(put.status).toBe(200);
  return empresa;
}

describe('settings - NATS settings.v1.get', () => {
  it('settings - answers the settings of a company, without any secret or mask', async () => {
    const { companyId } = await empresaComCertificado();
    const reply = await requestReply(nc, Subjects.settingsGet, { companyId });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.configuracao).toMatchObject({
      ambiente: 'PRODUÇÃO',
      timeoutSegundos: 45,
      empresa: { cnpj: CNPJ },
      nfse: { codigoServico: '01.07', senhaConfigurada: true },
      certificadoA1: { cnpj: CNPJ },
    });
    const texto = JSON.stringify(reply);
    expect(texto).not.toContain('senha-do-web-service-123');
    expect(texto).not.toContain('pfx-nats');
    expect(texto).not.toContain('•');
    expect(reply.configuracao.certificadoA1).not.toHaveProperty('senha');
    expect(reply.configuracao.nfse).not.toHaveProperty('senha');
  });

  it('settings - answers the defaults for a company that saved nothing', async () => {
    const { companyId } = await empresaNova('nats-vazia');
    const reply = await requestReply(nc, Subjects.settingsGet, { companyId });
    expect(reply).toMatchObject({ ok: true, configuracao: { versao: 0, ambiente: 'HOMOLOGAÇÃO', seriePadrao: 1, timeoutSegundos: 30, certificadoA1: null } });
  });

  it('settings - a request that breaks the contract gets CONTRATO_VIOLADO', async () => {
    const msg = await nc.request(Subjects.settingsGet, JSON.stringify({ empresa: 'x' }), { timeout: 2000 });
    expect(msg.json()).toMatchObject({ ok: false, codigo: 'CONTRATO_VIOLADO' });
  });
});

describe('settings - NATS settings.v1.sign', () => {
  it('settings - signs bytes with the company key and returns the public certificate, never the key', async () => {
    const { companyId } = await empresaComCertificado();
    const dados = Buffer.from('<SignedInfo xmlns="http://www.w3.org/2000/09/xmldsig#">...</SignedInfo>');
    for (const [algoritmo, hash] of [['RSA-SHA256', 'sha256'], ['RSA-SHA1', 'sha1']] as const) {
      const reply = await requestReply(nc, Subjects.settingsSign, { companyId, algoritmo, dadosBase64: dados.toString('base64') });
      expect(reply.ok).toBe(true);
      if (!reply.ok) return;
      const assinatura = Buffer.from(reply.assinaturaBase64, 'base64');
      expect(verify(hash, dados, createPublicKey(chavePublicaDeTeste()), assinatura)).toBe(true);
      expect(verify(hash, Buffer.from('outros dados'), createPublicKey(chavePublicaDeTeste()), assinatura)).toBe(false);
      const certificado = new X509Certificate(Buffer.from(reply.certificadoBase64, 'base64'));
      expect(certificado.subject).toContain(CNPJ);
      expect(JSON.stringify(reply)).not.toMatch(/PRIVATE KEY/);
    }
  });

  it('settings - refuses to sign for a company without a certificate', async () => {
    const { companyId } = await empresaNova('nats-sem-cert');
    const reply = await requestReply(nc, Subjects.settingsSign, { companyId, algoritmo: 'RSA-SHA256', dadosBase64: 'AAAA' });
    expect(reply).toMatchObject({ ok: false, codigo: 'CERTIFICADO_AUSENTE' });
  });

  it('settings - refuses oversized data', async () => {
    const { companyId } = await empresaComCertificado();
    const dados = Buffer.alloc(64 * 1024 + 1, 1).toString('base64');
    const reply = await requestReply(nc, Subjects.settingsSign, { companyId, algoritmo: 'RSA-SHA256', dadosBase64: dados });
    expect(reply).toMatchObject({ ok: false, codigo: 'DADOS_GRANDES_DEMAIS' });
  });
});

describe('settings - settings.v1.changed event', () => {
  it('settings - every save publishes the new version, without secrets', async () => {
    const { companyId, admin } = await empresaNova('evento');
    await salvar(admin, corpoCompleto());
    await salvar(admin, { timeoutSegundos: 60 });
    // Read what the stream kept, as a consumer would: a republish by the relay must not show up twice.
    const consumer = await jetstream(nc).consumers.get(Streams.settings.name);
    const recebidos: SettingsChangedEvent[] = [];
    for (let tentativa = 0; tentativa < 10 && recebidos.length < 2; tentativa += 1) {
      for await (const msg of await consumer.fetch({ max_messages: 1_000, expires: 1_000 })) {
        expect(msg.string()).not.toContain('senha-do-web-service-123');
        expect(msg.string()).not.toContain('•');
        const evento = decode(Subjects.settingsChanged, settingsChangedEventSchema, msg.data);
        if (evento.companyId === companyId) recebidos.push(evento);
      }
    }
    expect(recebidos.map((e) => e.versao)).toEqual([1, 2]);
    expect(recebidos[1].configuracao.timeoutSegundos).toBe(60);
    expect(recebidos[0].configuracao.nfse.senhaConfigurada).toBe(true);
  });
});
