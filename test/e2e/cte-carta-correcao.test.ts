import { connect, type NatsConnection } from '@nats-io/transport-node';
import { validarXml } from '@erp/fiscal-schemas';
import { graphql, rest, stackEnv } from '../support/env';
import { CHAVE_NFE, cteSpRj } from './cte-helpers';
import { DOCUMENTOS, cancelar, emitir, empresaFiscal, eventosDoDocumento, type EmpresaFiscal } from './fiscal-helpers';

/**
 * The CT-e's correction letter (CC-e 110110) through the gateway, REST and GraphQL: `{alteracoes}` checked by
 * `conferirAlteracoes` (field errors, the forbidden ones included), the other model's field a 400 naming it, the
 * sequence claimed by a unique insert (raced), registered by the local authority's CT-e stand-in over mutual TLS,
 * the procEventoCTe served and valid against the official schema, the event to accounting on NATS, and the
 * cancellation then refused (CARTA_CORRECAO_REGISTRADA, the MOC's 523).
 */
let nc: NatsConnection;
let empresa: EmpresaFiscal;
beforeAll(async () => {
  nc = await connect({ servers: stackEnv.natsUrl });
  empresa = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
}, 60_000);
afterAll(() => nc.close());

const novoCte = async () => (await emitir(empresa.admin, cteSpRj([CHAVE_NFE]))).body.dados;
const corrigir = (id: string, body: unknown) => rest('POST', `${DOCUMENTOS}/${id}/carta-correcao`, { bearer: empresa.admin, body });
const MUTACAO = `mutation ($id: ID!, $alteracoes: [AlteracaoCteInput!], $correcao: String) { registrarCartaCorrecao(id: $id, alteracoes: $alteracoes, correcao: $correcao) { documentoId sequencia correcao protocolo cStat } }`;
const OBS = { grupo: 'compl', campo: 'xObs', valor: 'Entrega pelo portão 2 do armazém' };

describe('ct-e correction letter through the API', () => {
  it('ct-e cc-e - REST then GraphQL (sequences 1, 2), the procEventoCTe downloaded valid against the official XSD, the event on NATS, then the cancellation refused', async () => {
    const doc = await novoCte();
    expect(doc.situacao).toBe('AUTORIZADO');
    const primeira = await corrigir(doc.id, { alteracoes: [OBS] });
    expect([primeira.status, primeira.body.codigo]).toEqual([201, undefined]);
    expect(primeira.body.dados).toMatchObject({ documentoId: doc.id, sequencia: 1, correcao: 'compl.xObs: Entrega pelo portão 2 do armazém', cStat: '135', protocolo: expect.stringMatching(/^\d{15}$/) });

    const alteracoes = [{ grupo: 'ObsCont', campo: 'xTexto', valor: 'Agendar com 24 h', numeroItem: 1 }];
    const segunda = await graphql(MUTACAO, { id: doc.id, alteracoes }, empresa.admin);
    expect(segunda.errors).toBeUndefined();
    expect(segunda.data!.registrarCartaCorrecao).toMatchObject({ sequencia: 2, cStat: '135', correcao: 'ObsCont.xTexto[1]: Agendar com 24 h' });

    const xml = await fetch(`${stackEnv.gatewayUrl}${DOCUMENTOS}/${doc.id}/carta-correcao.xml`, { headers: { authorization: `Bearer ${empresa.usuario}` } });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-disposition')).toContain(`${doc.chaveAcesso}-cce-02-procEventoCTe.xml`);
    const texto = await xml.text();
    expect(await validarXml('cte-PL_CTe_400_RTC', 'procEventoCTe_v4.00.xsd', texto)).toEqual({ ok: true });
    expect(texto).toContain(`Id="ID110110${doc.chaveAcesso}002"`);
    expect(texto).toContain('<grupoAlterado>ObsCont</grupoAlterado><campoAlterado>xTexto</campoAlterado><valorAlterado>Agendar com 24 h</valorAlterado><nroItemAlterado>1</nroItemAlterado>');
    expect(texto).toContain('<cStat>135</cStat>');

    const eventos = (await eventosDoDocumento(nc, doc.id, 3)).filter((e) => e.subject === 'fiscal.v1.ERP_NFE_CARTA_CORRECAO');
    expect(eventos.map((e) => [e.msgId, e.payload.sequencia, e.payload.modelo])).toEqual([
      [`carta-correcao:${doc.id}:1`, 1, 'CTE'],
      [`carta-correcao:${doc.id}:2`, 2, 'CTE'],
    ]);
    expect(eventos[1].payload).toMatchObject({ chaveAcesso: doc.chaveAcesso, alteracoes, protocolo: segunda.data!.registrarCartaCorrecao.protocolo });

    const cancelamento = await cancelar(empresa.admin, doc.id, 'Frete cancelado pelo cliente antes da coleta');
    expect([cancelamento.status, cancelamento.body.codigo]).toEqual([422, 'CARTA_CORRECAO_REGISTRADA']);
  }, 90_000);

  it('ct-e cc-e - raced: 6 letters at once take 6 distinct sequences', async () => {
    const doc = await novoCte();
    const juntas = await Promise.all(Array.from({ length: 6 }, (_, i) => corrigir(doc.id, { alteracoes: [{ ...OBS, valor: `Observação de entrega ${i + 1}` }] })));
    expect(juntas.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(juntas.map((r) => r.body.dados.sequencia).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  }, 90_000);

  it('ct-e cc-e - refused: forbidden fields and lengths as field errors, the NF-e field on a CT-e and the CT-e field on nothing, through REST and GraphQL', async () => {
    const doc = await novoCte();
    const proibidas = await corrigir(doc.id, {
      alteracoes: [OBS, { grupo: 'vPrest', campo: 'vTPrest', valor: '10.00' }, { grupo: 'rem', campo: 'CNPJ', valor: '11444777000161' }, { grupo: 'compl', campo: 'xObs', valor: '', numeroItem: 100 }],
    });
    expect([proibidas.status, proibidas.body.codigo, proibidas.body.campo]).toEqual([400, 'CORRECAO_INVALIDA', 'alteracoes[1].campo']);
    expect(proibidas.body.campos.map((c: { campo: string; regra: string }) => `${c.campo}:${c.regra}`)).toEqual([
      'alteracoes[1].campo:correcao_proibida',
      'alteracoes[2].campo:correcao_proibida',
      'alteracoes[3].valor:tamanho',
      'alteracoes[3].numeroItem:faixa',
    ]);
    expect((await corrigir(doc.id, { correcao: 'Onde se lê portão 1, leia-se portão 2.' })).body).toMatchObject({ codigo: 'CORRECAO_INVALIDA', campo: 'correcao' });
    expect((await corrigir(doc.id, {})).body).toMatchObject({ codigo: 'CORRECAO_INVALIDA', campo: 'alteracoes' });
    expect((await corrigir(doc.id, { alteracoes: [{ grupo: 'compl', campo: 7 }] })).body).toMatchObject({ codigo: 'CORRECAO_INVALIDA', campo: 'alteracoes[0].campo' });
    const gql = await graphql(MUTACAO, { id: doc.id, alteracoes: [{ grupo: 'ide', campo: 'dhEmi', valor: '2026-11-01T10:00:00-03:00' }] }, empresa.admin);
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'CORRECAO_INVALIDA', campo: 'alteracoes[0].campo' });
    const semCarta = await rest('GET', `${DOCUMENTOS}/${doc.id}/carta-correcao.xml`, { bearer: empresa.usuario });
    expect(semCarta.body.codigo).toBe('XML_INDISPONIVEL');
    // Nothing was registered: the CT-e still cancels.
    expect((await cancelar(empresa.admin, doc.id, 'Frete cancelado pelo cliente antes da coleta')).status).toBe(200);
  }, 90_000);
});
