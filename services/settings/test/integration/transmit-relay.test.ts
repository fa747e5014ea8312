import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Subjects, type DestinoTransmissao, type SettingsTransmitReply } from '@erp/contracts';
import { withCnpjCheckDigits } from '@erp/fiscal-rules';
import { requestReply } from '@erp/kit';
import { newCompanyId, rest, sessionFor, stackEnv } from '../../../../test/support/env';
import { criarPfx } from '../support/certificados';

/**
 * The transmission relay's allow-list, against the stack's settings process over NATS (`settings.v1.transmit`)
 * and the local authority its table sends HOMOLOGAÇÃO to (services/local-authority, started by the stack): only the
 * table's URL of the destination asked (or the company's https NFS-e endpoint), only a SOAP 1.2 envelope of that very
 * service, always with the company's certificate; and the authority refuses a caller without a client certificate,
 * as SEFAZ does.
 */
let nc: NatsConnection;
const AUTORIDADE = () => process.env.TEST_LOCAL_AUTHORITY_URL!;
const CONTROLE = () => process.env.TEST_LOCAL_AUTHORITY_CONTROL_URL!;

beforeAll(async () => {
  nc = await connect({ servers: stackEnv.natsUrl });
});
afterAll(async () => {
  await nc?.close();
});

/** A CNPJ of this test alone (the authority counts calls per issuer). */
const cnpj = () => withCnpjCheckDigits(`${randomInt(10_000_000, 99_999_999)}0001`);

async function empresa(opcoes: { certificado?: boolean; endpointNfse?: string } = {}) {
  const companyId = newCompanyId('relay');
  const doc = cnpj();
  const corpo: Record<string, unknown> = {
    ambiente: 'HOMOLOGAÇÃO',
    timeoutSegundos: 5,
    empresa: { cnpj: doc, uf: 'SP', codigoMunicipio: '3550308', regimeTributario: 'LUCRO_PRESUMIDO' },
  };
  if (opcoes.certificado !== false) corpo.certificadoA1 = { arquivoBase64: criarPfx('senha-relay', { cnpjNoNome: doc }).toString('base64'), senha: 'senha-relay' };
  if (opcoes.endpointNfse) corpo.nfse = { endpoint: opcoes.endpointNfse };
  const salvo = await rest('PUT', '/api/erp/faturamento/configuracao', { bearer: await sessionFor(companyId, 'admin'), body: corpo });
  if (salvo.status !== 200) throw new Error(`settings not saved: ${JSON.stringify(salvo.body)}`);
  return { companyId, cnpj: doc };
}

const envelope = (servico: string, mensagem: string, ns = 'http://www.w3.org/2003/05/soap-envelope') =>
  `<soap12:Envelope xmlns:soap12="${ns}"><soap12:Body><nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${servico}">${mensagem}</nfeDadosMsg></soap12:Body></soap12:Envelope>`;
const STATUS = '<consStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><cUF>35</cUF><xServ>STATUS</xServ></consStatServ>';
const sefaz = (extra: Partial<Extract<DestinoTransmissao, { tipo: 'SEFAZ' }>> = {}): DestinoTransmissao => ({
  tipo: 'SEFAZ',
  uf: 'SP',
  ambiente: 'HOMOLOGAÇÃO',
  modelo: 'NFE',
  servico: 'NFeStatusServico4',
  contingencia: false,
  ...extra,
});

function transmitir(companyId: string, destino: DestinoTransmissao | Record<string, unknown>, corpo: string): Promise<SettingsTransmitReply> {
  return requestReply(nc, Subjects.settingsTransmit, { companyId, destino: destino as DestinoTransmissao, corpo }, { timeoutMs: 15_000 });
}

const chamadasNaAutoridade = async (doc: string): Promise<Record<string, number>> => ((await (await fetch(`${CONTROLE()}/estado?cnpj=${doc}`)).json()) as { chamadas: Record<string, number> }).chamadas;

describe('settings - transmission relay allow-list', () => {
  it('settings - a SOAP 1.2 envelope of the service asked goes to the table\'s URL (HOMOLOGAÇÃO: the local authority, naming the UF\'s authorizer) with the company\'s certificate (the authority, which knows the issuer by it, answers 107); a URL slipped into the destination is ignored', async () => {
    const e = await empresa();
    const r = await transmitir(e.companyId, { ...sefaz(), url: 'https://example.com/ws' }, envelope('NFeStatusServico4', STATUS));
    expect(r).toMatchObject({ ok: true, status: 200, url: `${AUTORIDADE()}/ws/SP/NFE/homologacao/NFeStatusServico4` });
    expect(r.ok && r.corpo).toContain('<cStat>107</cStat>');
    expect(await chamadasNaAutoridade(e.cnpj)).toEqual({ NFeStatusServico4: 1 });
  });

  it('settings - the authorizer of the UF table is named in the local authority\'s path: RJ is served by SVRS, an NFC-e of SP by SP\'s NFC-e authorizer', async () => {
    const e = await empresa();
    const rj = await transmitir(e.companyId, sefaz({ uf: 'RJ' }), envelope('NFeStatusServico4', STATUS));
    expect(rj).toMatchObject({ ok: true, status: 200, url: `${AUTORIDADE()}/ws/SVRS/NFE/homologacao/NFeStatusServico4` });
    const nfce = await transmitir(e.companyId, sefaz({ modelo: 'NFCE' }), envelope('NFeStatusServico4', STATUS));
    expect(nfce).toMatchObject({ ok: true, status: 200, url: `${AUTORIDADE()}/ws/SP/NFCE/homologacao/NFeStatusServico4` });
  });

  it('settings - a destination outside the SEFAZ endpoint table is refused (DESTINO_NAO_PERMITIDO) and nothing is sent', async () => {
    const e = await empresa();
    for (const destino of [sefaz({ uf: 'XX' }), sefaz({ modelo: 'NFCE', contingencia: true })]) {
      const r = await transmitir(e.companyId, destino, envelope('NFeStatusServico4', STATUS));
      expect({ destino, r }).toMatchObject({ destino, r: { ok: false, codigo: 'DESTINO_NAO_PERMITIDO' } });
    }
    const invalido = await transmitir(e.companyId, sefaz({ servico: 'NFeDistribuicaoDFe' as never }), envelope('NFeDistribuicaoDFe', STATUS));
    expect(invalido).toMatchObject({ ok: false, codigo: 'CONTRATO_VIOLADO' });
    expect(await chamadasNaAutoridade(e.cnpj)).toEqual({});
  });

  it('settings - a body that is not a SOAP 1.2 envelope of the service asked is refused (DESTINO_NAO_PERMITIDO) and nothing is sent', async () => {
    const e = await empresa();
    for (const corpo of [
      envelope('NFeStatusServico4', STATUS).replace('NFeStatusServico4', 'NFeAutorizacao4'),
      envelope('NFeStatusServico4', STATUS, 'http://schemas.xmlsoap.org/soap/envelope/'),
      STATUS,
      JSON.stringify({ consulta: 'status' }),
    ]) {
      const r = await transmitir(e.companyId, sefaz(), corpo);
      expect({ corpo, r }).toMatchObject({ corpo, r: { ok: false, codigo: 'DESTINO_NAO_PERMITIDO' } });
    }
    expect(await chamadasNaAutoridade(e.cnpj)).toEqual({});
  });

  it('settings - NFS-e: only the company\'s own https endpoint is called (an http one cannot be saved, none is refused); no certificate, no transmission', async () => {
    await expect(empresa({ endpointNfse: 'http://127.0.0.1:9/nfse' })).rejects.toThrow(/https_obrigatorio/);
    const nenhum = await empresa();
    expect(await transmitir(nenhum.companyId, { tipo: 'NFSE' }, '<x/>')).toMatchObject({ ok: false, codigo: 'DESTINO_NAO_PERMITIDO' });
    // The local authority has no NFS-e service: it answers a SOAP fault (400), which proves the call reached that endpoint.
    const endpoint = `${AUTORIDADE()}/nfse/ws`;
    const proprio = await empresa({ endpointNfse: endpoint });
    expect(await transmitir(proprio.companyId, { tipo: 'NFSE' }, '<x/>')).toMatchObject({ ok: true, status: 400, url: endpoint });
    const semCertificado = await empresa({ certificado: false });
    expect(await transmitir(semCertificado.companyId, sefaz(), envelope('NFeStatusServico4', STATUS))).toMatchObject({ ok: false, codigo: 'CERTIFICADO_AUSENTE' });
  });

  it('settings - the local authority, like SEFAZ, refuses a caller without a client certificate (403)', async () => {
    const corpo = envelope('NFeStatusServico4', STATUS);
    const status = await new Promise<{ status: number; texto: string }>((resolve, reject) => {
      const req = https.request(
        `${AUTORIDADE()}/ws/SP/NFE/homologacao/NFeStatusServico4`,
        { method: 'POST', ca: fs.readFileSync(process.env.TEST_LOCAL_AUTHORITY_CA_FILE!), headers: { 'content-type': 'application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4/nfeStatusServicoNF"' } },
        (res) => {
          const partes: Buffer[] = [];
          res.on('data', (p: Buffer) => partes.push(p));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, texto: Buffer.concat(partes).toString('utf8') }));
        },
      );
      req.on('error', reject);
      req.end(corpo);
    });
    expect(status).toEqual({ status: 403, texto: 'client certificate required' });
  });
});
