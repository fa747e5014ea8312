import { graphql, newCompanyId, rest, sessionFor } from '../support/env';
import { createIngestionToken, sendIncidentBatch } from './admin-fixtures';

/** What the administration page reads from the graph beside its screens, and who may read it. */
const companyId = newCompanyId('admin-page-graph');
let admin: string;
let tokenValue = '';
let loteId = '';

beforeAll(async () => {
  admin = await sessionFor(companyId, 'admin');
  tokenValue = await createIngestionToken(admin, { nome: 'SIEM da portaria', entidades: ['incidente_seguranca'], modo: 'INSERT' });
  loteId = await sendIncidentBatch(tokenValue);
});

describe('admin page - what the page reads from the graph', () => {
  it('admin page - entidadesIngestao lists every ingestion entity, for admins only', async () => {
    const asAdmin = await graphql('{ entidadesIngestao }', {}, admin);
    expect(asAdmin.data!.entidadesIngestao).toEqual(['incidente_seguranca', 'ativo_informacao', 'risco_corporativo', 'consumo_energia', 'emissao']);
    const asUser = await graphql('{ entidadesIngestao }', {}, await sessionFor(companyId, 'user'));
    expect(asUser.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('admin page - entidadesIngestaoComNome gives each entity the name of the ingestion discovery, for admins only', async () => {
    const named = await graphql<{ entidadesIngestaoComNome: { entidade: string; nome: string }[] }>('{ entidadesIngestaoComNome { entidade nome } }', {}, admin);
    const ids = (await graphql('{ entidadesIngestao }', {}, admin)).data!.entidadesIngestao;
    expect(named.data!.entidadesIngestaoComNome.map((e) => e.entidade)).toEqual(ids);
    const discovery = await rest('GET', '/api/ingestao-pub/entidades', { bearer: tokenValue });
    expect(discovery.status).toBe(200);
    const discovered = discovery.body.dados.entidades as { entidade: string; nome: string }[];
    expect(discovered.length).toBeGreaterThan(0);
    for (const { entidade, nome } of discovered) expect(named.data!.entidadesIngestaoComNome).toContainEqual({ entidade, nome });
    const asUser = await graphql('{ entidadesIngestaoComNome { entidade } }', {}, await sessionFor(companyId, 'user'));
    expect(asUser.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('admin page - loteImportacao reads one batch of the session company; another company gets null for the same id', async () => {
    const query = 'query($loteId: ID!) { loteImportacao(loteId: $loteId) { loteId entidade recusadas linhasRecusadas { linha } } }';
    const own = await graphql(query, { loteId }, admin);
    expect(own.errors).toBeUndefined();
    expect(own.data!.loteImportacao).toEqual({ loteId, entidade: 'incidente_seguranca', recusadas: 2, linhasRecusadas: [{ linha: 2 }, { linha: 3 }] });
    const other = await graphql(query, { loteId }, await sessionFor(newCompanyId('admin-page-other'), 'admin'));
    expect(other.errors).toBeUndefined();
    expect(other.data!.loteImportacao).toBeNull();
    expect((await graphql(query, { loteId: 'nao-existe' }, admin)).data!.loteImportacao).toBeNull();
    expect((await graphql(query, { loteId: 'x'.repeat(5_000) }, admin)).data!.loteImportacao).toBeNull();
    const asUser = await graphql(query, { loteId }, await sessionFor(companyId, 'user'));
    expect(asUser.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
