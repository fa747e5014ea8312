import type { NatsConnection } from '@nats-io/transport-node';
import { Subjects, type UsersLookupReply } from '@erp/contracts';
import { requestReply } from '@erp/kit';
import { graphql, newCompanyId, sessionFor } from '../support/env';
import { errorCode, newAdmin, openNats } from './token-helpers';

const LISTAR = '{ usuariosEmpresa { id email nome criadoEm } }';
const ADICIONAR = 'mutation ($email: String!, $nome: String!) { adicionarUsuarioEmpresa(email: $email, nome: $nome) { id email nome criadoEm } }';
const REMOVER = 'mutation ($id: ID!) { removerUsuarioEmpresa(id: $id) }';

let nc: NatsConnection;
beforeAll(async () => {
  nc = await openNats();
});
afterAll(async () => {
  await nc.close();
});

function lookup(companyId: string, emails: string[]): Promise<UsersLookupReply> {
  return requestReply(nc, Subjects.directoryUsersLookup, { companyId, emails }, { timeoutMs: 5_000 });
}

describe('user directory', () => {
  it('user directory - an admin adds users (e-mail lower-cased), lists and removes them', async () => {
    const admin = await newAdmin('dir');
    const added = await admin.run(ADICIONAR, { email: ' Ana.Souza@Empresa.com.BR ', nome: 'Ana Souza' });
    expect(added.errors).toBeUndefined();
    const ana = added.data!.adicionarUsuarioEmpresa;
    expect(ana).toMatchObject({ email: 'ana.souza@empresa.com.br', nome: 'Ana Souza' });
    await admin.run(ADICIONAR, { email: 'bruno@empresa.com.br', nome: 'Bruno' });

    expect((await admin.run(LISTAR)).data!.usuariosEmpresa.map((u: { email: string }) => u.email)).toEqual([
      'ana.souza@empresa.com.br',
      'bruno@empresa.com.br',
    ]);
    expect((await admin.run(REMOVER, { id: ana.id })).data).toEqual({ removerUsuarioEmpresa: true });
    expect(errorCode(await admin.run(REMOVER, { id: ana.id }))).toBe('USUARIO_NAO_ENCONTRADO');
    expect(errorCode(await admin.run(REMOVER, { id: 'nao-e-um-id' }))).toBe('USUARIO_NAO_ENCONTRADO');
    expect((await admin.run(LISTAR)).data!.usuariosEmpresa).toHaveLength(1);
  });

  it('user directory - refuses a duplicate (ignoring case), a malformed e-mail and an empty name', async () => {
    const admin = await newAdmin('dir');
    await admin.run(ADICIONAR, { email: 'carla@x.com', nome: 'Carla' });
    expect(errorCode(await admin.run(ADICIONAR, { email: 'CARLA@X.COM', nome: 'Carla 2' }))).toBe('USUARIO_JA_EXISTE');
    expect(errorCode(await admin.run(ADICIONAR, { email: 'carla', nome: 'Carla' }))).toBe('EMAIL_INVALIDO');
    expect(errorCode(await admin.run(ADICIONAR, { email: 'd@x.com', nome: ' ' }))).toBe('BAD_USER_INPUT');
  });

  it('user directory - companies are isolated: no listing, no removal across them', async () => {
    const owner = await newAdmin('dir');
    const stranger = await newAdmin('dir');
    const user = (await owner.run(ADICIONAR, { email: 'dono@x.com', nome: 'Dono' })).data!.adicionarUsuarioEmpresa;
    // The same e-mail may be a user of two companies.
    expect((await stranger.run(ADICIONAR, { email: 'dono@x.com', nome: 'Dono' })).errors).toBeUndefined();
    expect(errorCode(await stranger.run(REMOVER, { id: user.id }))).toBe('USUARIO_NAO_ENCONTRADO');
    const theirs = (await stranger.run(LISTAR)).data!.usuariosEmpresa;
    expect(theirs.map((u: { id: string }) => u.id)).not.toContain(user.id);
    expect((await owner.run(LISTAR)).data!.usuariosEmpresa).toEqual([user]);
  });

  it('user directory - a non-admin gets FORBIDDEN', async () => {
    const session = await sessionFor(newCompanyId('dir'), 'user');
    expect(errorCode(await graphql(LISTAR, {}, session))).toBe('FORBIDDEN');
    expect(errorCode(await graphql(ADICIONAR, { email: 'e@x.com', nome: 'E' }, session))).toBe('FORBIDDEN');
  });

  it('user directory lookup - answers which e-mails are users of that company only, without case', async () => {
    const owner = await newAdmin('dir');
    const stranger = await newAdmin('dir');
    await owner.run(ADICIONAR, { email: 'ana@empresa.com', nome: 'Ana' });
    await owner.run(ADICIONAR, { email: 'bia@empresa.com', nome: 'Bia' });
    await stranger.run(ADICIONAR, { email: 'caio@empresa.com', nome: 'Caio' });

    const reply = await lookup(owner.companyId, ['ANA@empresa.com', 'ana@empresa.com', 'caio@empresa.com', 'zeca@empresa.com', 'bia@EMPRESA.com']);
    expect(reply.ok).toBe(true);
    expect(reply.ok && [...reply.encontrados].sort()).toEqual(['ana@empresa.com', 'bia@empresa.com']);
    expect(await lookup(owner.companyId, [])).toEqual({ ok: true, encontrados: [] });
    expect(await lookup(newCompanyId('vazia'), ['ana@empresa.com'])).toEqual({ ok: true, encontrados: [] });
  });

  it('user directory lookup - a request over 500 e-mails breaks the contract', async () => {
    const emails = Array.from({ length: 501 }, (_, i) => `u${i}@x.com`);
    const msg = await nc.request(Subjects.directoryUsersLookup, new TextEncoder().encode(JSON.stringify({ companyId: 'c', emails })), {
      timeout: 5_000,
    });
    expect(JSON.parse(new TextDecoder().decode(msg.data))).toMatchObject({ ok: false, codigo: 'CONTRATO_VIOLADO' });
    const full = await lookup(newCompanyId('cheia'), emails.slice(0, 500));
    expect(full).toEqual({ ok: true, encontrados: [] });
  });
});
