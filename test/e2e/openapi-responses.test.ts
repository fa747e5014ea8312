import { gzipSync } from 'node:zlib';
import { openApiValidator } from '../../gateway/test/support/openapi-validator';
import { rest, send, stackEnv, type RestReply } from '../support/env';
import { DOCUMENTOS, empresaFiscal, nfeVenda } from './fiscal-helpers';
import { cteInterno } from './cte-helpers';
import { createToken, INATIVAR, newAdmin, REVOGAR } from './token-helpers';
import { corpoCompleto, empresaNova } from './settings-helpers';
import { empresaConfigurada } from './tax-simulation-helpers';

/**
 * Real responses of every REST operation, through the gateway, validated against the OpenAPI document the gateway
 * itself serves at /api/openapi.json: status, body (each error code with exactly its extra fields) and headers. A
 * response the document does not describe fails here, so the document cannot drift from the services.
 */
jest.setTimeout(120_000);

let validator: ReturnType<typeof openApiValidator>;
let document: any;

beforeAll(async () => {
  const response = await fetch(`${stackEnv.gatewayUrl}/api/openapi.json`);
  expect(response.status).toBe(200);
  document = await response.json();
  validator = openApiValidator(document);
});

/** Sends through the gateway and validates the answer; returns it for the test's own assertions. */
async function call(method: string, path: string, options: Parameters<typeof rest>[2] = {}): Promise<RestReply> {
  const reply = await rest(method, path, options);
  validator.check(method, path, reply);
  return reply;
}

async function raw(method: string, path: string, options: Parameters<typeof send>[2]): Promise<RestReply> {
  const reply = await send(method, path, options);
  validator.check(method, path, reply);
  return reply;
}

const ING = '/api/ingestao-pub';
const linha = (codigo: string, extra: Record<string, unknown> = {}) => ({ codigo, titulo: `Incidente ${codigo}`, tipo: 'Confidencialidade', severidade: 'Alta', ...extra });

describe('openapi - the document the gateway serves', () => {
  it('openapi - /api/openapi.json is OpenAPI 3.1 and /api/docs shows it', async () => {
    expect(document.openapi).toBe('3.1.0');
    const page = await fetch(`${stackEnv.gatewayUrl}/api/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
    const json = (await (await fetch(`${stackEnv.gatewayUrl}/api/docs/json`)).json()) as any;
    expect(json.paths).toEqual(document.paths);
  });
});

describe('openapi - ingestion responses match the document', () => {
  it('openapi - discovery, writes, previews, idempotency and every refusal of the ingestion routes', async () => {
    const admin = await newAdmin('oas-ing');
    const { token } = await createToken(admin, { entidades: ['incidente_seguranca'] });

    const entidades = await call('GET', `${ING}/entidades`, { bearer: token });
    expect(entidades.status).toBe(200);
    expect(entidades.headers.get('ratelimit-limit')).toMatch(/^\d+$/);

    const write = await call('POST', `${ING}/incidente_seguranca`, { bearer: token, body: { linhas: [linha('OAS-1'), linha('OAS-2', { tipo: 'Ransomware' })] } });
    expect(write.body.dados).toMatchObject({ gravadas: 1, recusadas: 1 });
    expect((await call('POST', `${ING}/incidente_seguranca/preview`, { bearer: token, body: { linhas: [linha('OAS-3')] } })).status).toBe(200);

    const key = { 'idempotency-key': `oas-${Date.now()}` };
    await call('POST', `${ING}/incidente_seguranca`, { bearer: token, body: { linhas: [linha('OAS-4')] }, headers: key });
    const replay = await call('POST', `${ING}/incidente_seguranca`, { bearer: token, body: { linhas: [linha('OAS-4')] }, headers: key });
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect((await call('POST', `${ING}/incidente_seguranca`, { bearer: token, body: { linhas: [linha('OAS-5')] }, headers: key })).status).toBe(422);
    expect((await call('POST', `${ING}/incidente_seguranca`, { bearer: token, body: { linhas: [linha('OAS-6')] }, headers: { 'idempotency-key': 'com espaço' } })).status).toBe(400);

    // 401s without and with an unknown token, on both kinds of route.
    expect((await call('GET', `${ING}/entidades`)).body.codigo).toBe('TOKEN_AUSENTE');
    expect((await call('POST', `${ING}/incidente_seguranca`, { bearer: 'ing_desconhecido', body: { linhas: [linha('X')] } })).body.codigo).toBe('TOKEN_INVALIDO');
    // 404/403 by entity, with their lists.
    expect((await call('POST', `${ING}/nao_existe`, { bearer: token, body: { linhas: [linha('X')] } })).body.codigo).toBe('ENTIDADE_DESCONHECIDA');
    expect((await call('POST', `${ING}/emissao/preview`, { bearer: token, body: { linhas: [linha('X')] } })).body.codigo).toBe('ENTIDADE_FORA_DO_ESCOPO');
    // Bodies: empty batch, not JSON, too many rows, wrong type, wrong encoding, broken gzip.
    expect((await call('POST', `${ING}/incidente_seguranca`, { bearer: token, body: { linhas: [] } })).body.codigo).toBe('LOTE_VAZIO');
    expect((await call('POST', `${ING}/incidente_seguranca`, { bearer: token, body: '{"linhas": [' })).body.codigo).toBe('CORPO_INVALIDO');
    const muitas = Array.from({ length: 501 }, (_, i) => linha(`M-${i}`));
    expect((await call('POST', `${ING}/incidente_seguranca`, { bearer: token, body: { linhas: muitas } })).body.codigo).toBe('LOTE_GRANDE_DEMAIS');
    expect((await raw('POST', `${ING}/incidente_seguranca`, { bearer: token, body: 'linhas', headers: { 'content-type': 'text/plain' } })).body.codigo).toBe('TIPO_CONTEUDO_INVALIDO');
    const encoded = { 'content-type': 'application/json', 'content-encoding': 'br' };
    expect((await raw('POST', `${ING}/incidente_seguranca`, { bearer: token, body: '{}', headers: encoded })).body.codigo).toBe('CODIFICACAO_NAO_SUPORTADA');
    const gzip = gzipSync(Buffer.from(JSON.stringify({ linhas: [linha('GZ-1')] })));
    const gz = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
    expect((await raw('POST', `${ING}/incidente_seguranca`, { bearer: token, body: gzip, headers: gz })).status).toBe(200);
    expect((await raw('POST', `${ING}/incidente_seguranca`, { bearer: token, body: gzip.subarray(0, 20), headers: gz })).body.codigo).toBe('CORPO_INVALIDO');
    // Over the 5 MiB body limit (the gateway or the service refuses it, either way 413 with maximoBytes).
    const big = JSON.stringify({ linhas: [linha('BIG', { descricao: 'x'.repeat(5.5 * 1024 * 1024) })] });
    expect((await raw('POST', `${ING}/incidente_seguranca`, { bearer: token, body: big, headers: { 'content-type': 'application/json' } })).body.codigo).toBe(
      'CORPO_GRANDE_DEMAIS',
    );
    // The router's own refusals, in the same shape.
    expect((await call('POST', `${ING}/${'e'.repeat(250)}`, { bearer: token, body: { linhas: [linha('X')] } })).status).toBe(414);
  });

  it('openapi - revoked and inactive tokens, and the rate limit with its headers', async () => {
    const admin = await newAdmin('oas-states');
    const revogado = await createToken(admin);
    await admin.run(REVOGAR, { id: revogado.tokenIngestao.id });
    expect((await call('GET', `${ING}/entidades`, { bearer: revogado.token })).body.codigo).toBe('TOKEN_REVOGADO');
    const inativo = await createToken(admin);
    await admin.run(INATIVAR, { id: inativo.tokenIngestao.id });
    expect((await call('GET', `${ING}/entidades`, { bearer: inativo.token })).body.codigo).toBe('TOKEN_INATIVO');

    const { token } = await createToken(admin);
    let limited: RestReply | undefined;
    for (let i = 0; i < 200 && !limited; i += 1) {
      const reply = await call('GET', `${ING}/entidades`, { bearer: token });
      if (reply.status === 429) limited = reply;
    }
    expect(limited?.body).toMatchObject({ codigo: 'LIMITE_REQUISICOES', limite: expect.any(Number), tenteNovamenteEmSegundos: expect.any(Number) });
    expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited?.headers.get('ratelimit-remaining')).toBe('0');
  });
});

describe('openapi - settings, fiscal documents and tax simulation responses match the document', () => {
  it('openapi - fiscal settings: read, save, every refusal', async () => {
    const { admin, usuario } = await empresaNova('oas-cfg');
    const CFG = '/api/erp/faturamento/configuracao';
    const lida = await call('GET', CFG, { bearer: usuario });
    expect(lida.headers.get('etag')).toBe('"0"');
    const salva = await call('PUT', CFG, { bearer: admin, body: corpoCompleto() });
    expect(salva.status).toBe(200);
    expect((await call('GET', CFG, { bearer: admin })).body.dados.versao).toBe(1);
    expect((await call('GET', CFG)).body.codigo).toBe('UNAUTHENTICATED');
    expect((await call('PUT', CFG, { bearer: usuario, body: corpoCompleto() })).body.codigo).toBe('FORBIDDEN');
    expect((await call('PUT', CFG, { bearer: admin, body: { ...corpoCompleto(), timeoutSegundos: 1, inventado: true } })).body.codigo).toBe('CONFIGURACAO_INVALIDA');
    expect((await call('PUT', CFG, { bearer: admin, body: corpoCompleto(), headers: { 'if-match': 'qualquer' } })).body.codigo).toBe('VERSAO_ESPERADA_INVALIDA');
    expect((await call('PUT', CFG, { bearer: admin, body: corpoCompleto(), headers: { 'if-match': '"0"' } })).body.codigo).toBe('CONFLITO_DE_EDICAO');
    expect((await call('PUT', CFG, { bearer: admin, body: '[1' })).body.codigo).toBe('CORPO_INVALIDO');
    const certificado = { ...corpoCompleto(), certificadoA1: { arquivoBase64: Buffer.from('não é um pfx').toString('base64'), senha: 'x' } };
    expect((await call('PUT', CFG, { bearer: admin, body: certificado })).body.codigo).toMatch(/^CERTIFICADO_/);
  });

  it('openapi - fiscal documents: issue, repeat, read, mark, cancel, and their refusals', async () => {
    const empresa = await empresaFiscal();
    const corpo = nfeVenda();
    const emitido = await call('POST', DOCUMENTOS, { bearer: empresa.usuario, body: corpo });
    expect(emitido.status).toBe(201);
    const id: string = emitido.body.dados.id;
    expect((await call('POST', DOCUMENTOS, { bearer: empresa.usuario, body: corpo })).status).toBe(200);
    expect((await call('POST', DOCUMENTOS, { bearer: empresa.usuario, body: { ...corpo, itens: corpo.itens.slice(0, 1) } })).body.codigo).toBe('REFERENCIA_REUTILIZADA');
    expect((await call('POST', DOCUMENTOS, { bearer: empresa.usuario, body: { referencia: 'X', modelo: 'NFE', itens: [], inventado: 1 } })).body.codigo).toBe('DOCUMENTO_INVALIDO');
    expect((await call('GET', `${DOCUMENTOS}/${id}`, { bearer: empresa.usuario })).status).toBe(200);
    expect((await call('GET', `${DOCUMENTOS}/nao-existe`, { bearer: empresa.usuario })).body.codigo).toBe('DOCUMENTO_NAO_ENCONTRADO');
    expect((await call('POST', `${DOCUMENTOS}/${id}/cancelar`, { bearer: empresa.usuario, body: { justificativa: 'x'.repeat(20) } })).body.codigo).toBe('FORBIDDEN');
    expect((await call('POST', `${DOCUMENTOS}/${id}/cancelar`, { bearer: empresa.admin, body: { justificativa: 'curta' } })).body.codigo).toBe('JUSTIFICATIVA_INVALIDA');
    expect((await call('POST', `${DOCUMENTOS}/${id}/inicio-servico`, { bearer: empresa.usuario })).status).toBe(422);

    // The search (GET with filters and a cursor) and its refusals; the document's example answer validates too.
    const pagina = await call('GET', `${DOCUMENTOS}?cliente=comprador&emitidoDe=2026-01-01&primeiros=1`, { bearer: empresa.usuario });
    expect(pagina.body.dados.itens).toHaveLength(1);
    const exemplo = document.paths[DOCUMENTOS].get.responses['200'].content['application/json'].example;
    validator.check('GET', DOCUMENTOS, { status: 200, headers: pagina.headers, body: exemplo });
    expect((await call('GET', `${DOCUMENTOS}?numero=x&emitidoDe=ontem`, { bearer: empresa.usuario })).body.codigo).toBe('FILTRO_INVALIDO');
    expect((await call('GET', `${DOCUMENTOS}?primeiros=900`, { bearer: empresa.usuario })).body.codigo).toBe('PRIMEIROS_INVALIDO');
    expect((await call('GET', `${DOCUMENTOS}?depois=abc`, { bearer: empresa.usuario })).body.codigo).toBe('CURSOR_INVALIDO');
    expect((await call('GET', DOCUMENTOS)).body.codigo).toBe('UNAUTHENTICATED');
    // A short-lived file link: asked with the session, opened without it.
    const link = await call('POST', `${DOCUMENTOS}/${id}/link-arquivo`, { bearer: empresa.usuario, body: { arquivo: 'danfe' } });
    expect((await raw('GET', link.body.dados.url, {})).headers.get('content-type')).toBe('application/pdf');
    expect((await call('POST', `${DOCUMENTOS}/${id}/link-arquivo`, { bearer: empresa.usuario, body: { arquivo: 'senha' } })).body.codigo).toBe('DOCUMENTO_INVALIDO');
    expect((await raw('GET', `${DOCUMENTOS}/arquivos/${'x'.repeat(43)}`, {})).body.codigo).toBe('DOCUMENTO_NAO_ENCONTRADO');

    const outro = await call('POST', DOCUMENTOS, { bearer: empresa.usuario, body: nfeVenda() });
    expect((await call('POST', `${DOCUMENTOS}/${outro.body.dados.id}/entrega`, { bearer: empresa.usuario })).status).toBe(200);
    expect((await call('POST', `${DOCUMENTOS}/${outro.body.dados.id}/cancelar`, { bearer: empresa.admin, body: { justificativa: 'cliente desistiu da compra' } })).body.codigo).toBe(
      'MERCADORIA_ENTREGUE',
    );
    // The correction letter (CC-e): registered, served as XML, and a forbidden matter refused.
    const carta = await call('POST', `${DOCUMENTOS}/${outro.body.dados.id}/carta-correcao`, { bearer: empresa.admin, body: { correcao: 'Endereço de entrega: Rua Augusta, 550, fundos.' } });
    expect(carta.status).toBe(201);
    expect((await call('GET', `${DOCUMENTOS}/${outro.body.dados.id}/carta-correcao.xml`, { bearer: empresa.usuario })).status).toBe(200);
    expect((await call('POST', `${DOCUMENTOS}/${outro.body.dados.id}/carta-correcao`, { bearer: empresa.admin, body: { correcao: 'O valor correto do item é outro.' } })).body.codigo).toBe('CORRECAO_MATERIA_VEDADA');
    expect((await call('GET', `${DOCUMENTOS}/${id}/carta-correcao.xml`, { bearer: empresa.usuario })).body.codigo).toBe('XML_INDISPONIVEL');
    const cancelado = await call('POST', `${DOCUMENTOS}/${id}/cancelar`, { bearer: empresa.admin, body: { justificativa: 'cliente desistiu da compra' } });
    expect(cancelado.body.dados.situacao).toBe('CANCELADO');
    expect((await call('POST', `${DOCUMENTOS}/${id}/cancelar`, { bearer: empresa.admin, body: { justificativa: 'cliente desistiu da compra' } })).body.codigo).toBe(
      'DOCUMENTO_JA_CANCELADO',
    );

    const cte = await call('POST', DOCUMENTOS, {
      bearer: empresa.usuario,
      body: { ...cteInterno(outro.body.dados.chaveAcesso, { csosn: '102' }), referencia: `${corpo.referencia}-CTE` },
    });
    expect([cte.status, cte.body.campos]).toEqual([201, undefined]);
    expect((await call('POST', `${DOCUMENTOS}/${cte.body.dados.id}/inicio-servico`, { bearer: empresa.usuario })).body.dados.servicoIniciadoEm).toEqual(expect.any(String));
    const iniciado = await call('POST', `${DOCUMENTOS}/${cte.body.dados.id}/cancelar`, { bearer: empresa.admin, body: { justificativa: 'cliente desistiu do frete' } });
    expect(iniciado.body.codigo).toBe('SERVICO_INICIADO');

    const semCertificado = await empresaFiscal({ certificado: false });
    expect((await call('POST', DOCUMENTOS, { bearer: semCertificado.usuario, body: nfeVenda() })).body.codigo).toBe('CERTIFICADO_AUSENTE');
    const semConfiguracao = await empresaNova('oas-doc');
    expect((await call('POST', DOCUMENTOS, { bearer: semConfiguracao.usuario, body: nfeVenda() })).body.codigo).toBe('CONFIGURACAO_INCOMPLETA');
  });

  it('openapi - fiscal files (XML, DANFE) and voiding numbers: success and refusals', async () => {
    const empresa = await empresaFiscal();
    const doc = (await call('POST', DOCUMENTOS, { bearer: empresa.usuario, body: nfeVenda() })).body.dados;
    const danfe = await call('GET', `${DOCUMENTOS}/${doc.id}/danfe.pdf`, { bearer: empresa.usuario });
    expect(danfe.status).toBe(200);
    expect(danfe.headers.get('content-type')).toBe('application/pdf');
    expect((await call('GET', `${DOCUMENTOS}/nao-existe/danfe.pdf`, { bearer: empresa.usuario })).body.codigo).toBe('DOCUMENTO_NAO_ENCONTRADO');
    // The NF-e's authorized XML (nfeProc) is there, and the CT-e's (cteProc).
    const xml = await call('GET', `${DOCUMENTOS}/${doc.id}/xml`, { bearer: empresa.usuario });
    expect(xml.status).toBe(200);
    expect(String(xml.body)).toContain('<nfeProc');
    const cte = await call('POST', DOCUMENTOS, {
      bearer: empresa.usuario,
      body: { ...cteInterno(doc.chaveAcesso, { csosn: '102' }), referencia: `${doc.referencia}-CTE` },
    });
    expect(String((await call('GET', `${DOCUMENTOS}/${cte.body.dados.id}/xml`, { bearer: empresa.usuario })).body)).toContain('<cteProc');

    // Numbers burned by the local authorizer's 778 (NCM in no TIPI), then voided.
    const ruim = nfeVenda({ itens: [{ codigo: 'X', descricao: 'Sem NCM', quantidade: 1, valorUnitario: 1, ncm: '00000000', cfop: '5102', csosn: '102' }] });
    const rejeitado = await call('POST', DOCUMENTOS, { bearer: empresa.usuario, body: ruim });
    expect(rejeitado.body.codigo).toBe('DOCUMENTO_REJEITADO');
    expect((await call('GET', `${DOCUMENTOS}/${rejeitado.body.documentoId}/danfe.pdf`, { bearer: empresa.usuario })).body.codigo).toBe('DOCUMENTO_NAO_AUTORIZADO');
    const INUT = '/api/erp/faturamento/inutilizacoes';
    const pedido = { modelo: 'NFE', serie: 1, de: 2, ate: 2, justificativa: 'Número pulado por rejeição do documento' };
    expect((await call('POST', INUT, { bearer: empresa.usuario, body: pedido })).body.codigo).toBe('FORBIDDEN');
    expect((await call('POST', INUT, { bearer: empresa.admin, body: { ...pedido, justificativa: 'curta' } })).body.codigo).toBe('INUTILIZACAO_INVALIDA');
    expect((await call('POST', INUT, { bearer: empresa.admin, body: { ...pedido, de: 1, ate: 1 } })).body.codigo).toBe('FAIXA_NAO_INUTILIZAVEL');
    expect((await call('POST', INUT, { bearer: empresa.admin, body: '[' })).body.codigo).toBe('CORPO_INVALIDO');
    expect((await call('POST', INUT, { bearer: empresa.admin, body: pedido })).status).toBe(201);
    expect((await call('POST', INUT, { bearer: empresa.admin, body: pedido })).status).toBe(200);
    expect((await call('GET', `${INUT}?modelo=NFE&primeiros=10`, { bearer: empresa.usuario })).body.dados).toHaveLength(1);
    expect((await call('GET', `${INUT}?primeiros=0`, { bearer: empresa.usuario })).body.codigo).toBe('INUTILIZACAO_INVALIDA');
  });

  it('openapi - tax simulation: simulate, read, provision (twice), and their refusals', async () => {
    const { admin, usuario } = await empresaConfigurada({ regimeTributario: 'LUCRO_PRESUMIDO', uf: 'SP', aliquotaDas: null }, 'oas-imp');
    const SIM = '/api/erp/faturamento/impostos/simulacoes';
    const input = { tipoDocumento: 'NFSE', valor: 10_000, dataOperacao: '2026-11-20', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', aliquotaIss: 5 };
    const simulada = await call('POST', SIM, { bearer: usuario, body: input });
    expect(simulada.status).toBe(201);
    const id: string = simulada.body.dados.id;
    expect((await call('GET', `${SIM}/${id}`, { bearer: usuario })).status).toBe(200);
    expect((await call('GET', `${SIM}/7b0c4d2e-0000-4000-8000-000000000000`, { bearer: usuario })).body.codigo).toBe('SIMULACAO_NAO_ENCONTRADA');
    expect((await call('POST', `${SIM}/${id}/provisionar`, { bearer: usuario })).body.codigo).toBe('FORBIDDEN');
    const provisionada = await call('POST', `${SIM}/${id}/provisionar`, { bearer: admin });
    expect(provisionada.body.dados.titulos.length).toBeGreaterThan(0);
    expect((await call('POST', `${SIM}/${id}/provisionar`, { bearer: admin })).body.dados.titulos).toEqual(provisionada.body.dados.titulos);
    // Simples Nacional with its annex: the DAS split (CPP among its parts) is in the document too.
    const simples = await call('POST', SIM, { bearer: usuario, body: { ...input, regime: 'SIMPLES_NACIONAL', anexoSimples: 'III', receitaBruta12Meses: 500_000 } });
    expect(simples.body.dados.partilhaDas.map((parte: { tributo: string }) => parte.tributo)).toContain('CPP');
    // A what-if of another regime than the company's is not provisioned.
    expect((await call('POST', `${SIM}/${simples.body.dados.id}/provisionar`, { bearer: admin })).body.codigo).toBe('REGIME_DIFERENTE_DA_EMPRESA');
    // A DIFAL (SP -> CE, non-taxpayer consumer) answers its ICMSUFDest group.
    const difal = await call('POST', SIM, {
      bearer: usuario,
      body: { tipoDocumento: 'NFE', valor: 1000, dataOperacao: '2026-11-20', ufOrigem: 'SP', ufDestino: 'CE', consumidorFinal: true, destinatarioContribuinteIcms: false },
    });
    expect(difal.body.dados.difal).toMatchObject({ base: 1000, aliquotaInternaDestino: 20, aliquotaInterestadual: 7, icmsDestino: 130 });
    expect((await call('POST', SIM, { bearer: usuario, body: { ...input, valor: -1, aliquotaISS: 5 } })).body.codigo).toBe('SIMULACAO_INVALIDA');
    expect((await call('POST', SIM, { body: input })).body.codigo).toBe('UNAUTHENTICATED');
  });
});

afterAll(() => {
  if (!validator) return;
  // Every operation of the document was answered at least once with a success status, and validated.
  const operations = Object.entries<any>(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`));
  const succeeded = operations.filter((operation) => [...validator.exercised].some((done) => done.startsWith(`${operation} 2`)));
  expect(succeeded).toEqual(operations);
});
