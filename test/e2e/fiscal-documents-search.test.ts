import { graphql, rest } from '../support/env';
import { DOCUMENTOS, emitir, empresaFiscal, nfeVenda, type EmpresaFiscal } from './fiscal-helpers';

/**
 * The documents' search, through the gateway, as the page (GraphQL `documentosFiscais`) and an integrator (REST
 * `GET /api/erp/faturamento/documentos`) ask it: each filter, paging by cursor, a wrong filter named, and another
 * company's documents never found.
 */
const BUSCA = `query Busca($modelo: ModeloBusca, $situacao: SituacaoDocumento, $emitidoDe: String, $emitidoAte: String, $cliente: String,
  $numero: Int, $chaveAcesso: String, $referencia: String, $primeiros: Int, $depois: String) {
  documentosFiscais(modelo: $modelo, situacao: $situacao, emitidoDe: $emitidoDe, emitidoAte: $emitidoAte, cliente: $cliente, numero: $numero,
    chaveAcesso: $chaveAcesso, referencia: $referencia, primeiros: $primeiros, depois: $depois) { itens { id numero referencia destinatarioDocumento } proximo }
}`;

interface Lido {
  id: string;
  numero: number;
  referencia: string;
  destinatarioDocumento: string | null;
}

const MOVEIS = { documento: '11.222.333/0001-81', nome: 'Móveis São João Ltda' };
const PADARIA = { documento: '45.997.418/0001-53', nome: 'Padaria Central ME' };

let empresa: EmpresaFiscal;
let outra: EmpresaFiscal;
/** Oldest first: móveis, padaria, móveis. */
const emitidos: { id: string; numero: number; referencia: string; chaveAcesso: string }[] = [];

function nfePara(cliente: { documento: string; nome: string }) {
  const corpo = nfeVenda();
  return { ...corpo, destinatario: { ...corpo.destinatario, ...cliente } };
}

async function buscar(sessao: string, filtro: Record<string, unknown>): Promise<Lido[]> {
  const resposta = await graphql<{ documentosFiscais: { itens: Lido[] } }>(BUSCA, filtro, sessao);
  expect(resposta.errors).toBeUndefined();
  return resposta.data!.documentosFiscais.itens;
}

const numeros = (lidos: Lido[]) => lidos.map((l) => l.numero);
/** Today in Brasília (UTC-3), AAAA-MM-DD. */
const hojeBrasilia = () => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);
const diaAntes = (dia: string) => new Date(new Date(`${dia}T12:00:00Z`).getTime() - 24 * 3600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  [empresa, outra] = await Promise.all([empresaFiscal(), empresaFiscal()]);
  for (const cliente of [MOVEIS, PADARIA, MOVEIS]) {
    const resposta = await emitir(empresa.admin, nfePara(cliente));
    expect(resposta.status).toBe(201);
    emitidos.push(resposta.body.dados);
  }
  // Another company sells to the same customer: never in the first company's answers, nor the reverse.
  expect((await emitir(outra.admin, nfePara(MOVEIS))).status).toBe(201);
}, 60_000);

describe('fiscal documents - search', () => {
  it('fiscal documents search - by customer name part (any case, accents or not) or CNPJ with punctuation, number, key and referencia', async () => {
    const [n1, n2, n3] = emitidos.map((d) => d.numero);
    expect(numeros(await buscar(empresa.usuario, { cliente: 'móveis são' }))).toEqual([n3, n1]);
    expect(numeros(await buscar(empresa.usuario, { cliente: 'PADARIA' }))).toEqual([n2]);
    expect(numeros(await buscar(empresa.usuario, { cliente: '45.997.418/0001-53' }))).toEqual([n2]);
    expect((await buscar(empresa.usuario, { cliente: '11222333000181' })).map((l) => l.destinatarioDocumento)).toEqual(['11222333000181', '11222333000181']);
    expect(numeros(await buscar(empresa.usuario, { numero: n2 }))).toEqual([n2]);
    expect(numeros(await buscar(empresa.usuario, { chaveAcesso: emitidos[2].chaveAcesso }))).toEqual([n3]);
    expect(numeros(await buscar(empresa.usuario, { referencia: emitidos[0].referencia }))).toEqual([n1]);
    // Accents do not matter, neither typed nor stored: "sao joao" finds "São João", "MÓVEÍS" (an accent the name has
    // not) finds "Móveis"; on the graph and on the REST list alike.
    expect(numeros(await buscar(empresa.usuario, { cliente: 'moveis sao joao' }))).toEqual([n3, n1]);
    expect(numeros(await buscar(empresa.usuario, { cliente: 'MÓVEÍS' }))).toEqual([n3, n1]);
    const semAcento = await rest('GET', `${DOCUMENTOS}?cliente=${encodeURIComponent('sao joao')}`, { bearer: empresa.usuario });
    expect(semAcento.body.dados.itens.map((d: Lido) => d.numero)).toEqual([n3, n1]);
    expect(numeros(await buscar(empresa.usuario, { cliente: 'cêntrál' }))).toEqual([n2]);
    // A regular expression's characters are the name's, not a pattern.
    expect(await buscar(empresa.usuario, { cliente: 'M.veis' })).toEqual([]);
    // Filters combine: Móveis' documents that are the second one's number: none.
    expect(await buscar(empresa.usuario, { cliente: 'móveis', numero: n2 })).toEqual([]);
  });

  it('fiscal documents search - the period is of days in Brasília, both ends included; model and status narrow it', async () => {
    const hoje = hojeBrasilia();
    expect(await buscar(empresa.admin, { emitidoDe: hoje, emitidoAte: hoje })).toHaveLength(3);
    expect(await buscar(empresa.admin, { emitidoAte: diaAntes(hoje) })).toEqual([]);
    expect(await buscar(empresa.admin, { emitidoDe: hoje, modelo: 'NFE', situacao: 'AUTORIZADO' })).toHaveLength(3);
    expect(await buscar(empresa.admin, { modelo: 'CTE' })).toEqual([]);
    expect(await buscar(empresa.admin, { situacao: 'CANCELADO' })).toEqual([]);
  });

  it('fiscal documents search - pages by cursor, newest first, each document once, on GraphQL and REST alike', async () => {
    const primeira = await graphql<{ documentosFiscais: { itens: Lido[]; proximo: string | null } }>(BUSCA, { cliente: 'móveis', primeiros: 1 }, empresa.admin);
    expect(numeros(primeira.data!.documentosFiscais.itens)).toEqual([emitidos[2].numero]);
    const depois = primeira.data!.documentosFiscais.proximo;
    expect(depois).toEqual(expect.any(String));
    const segunda = await graphql<{ documentosFiscais: { itens: Lido[]; proximo: string | null } }>(BUSCA, { cliente: 'móveis', primeiros: 1, depois }, empresa.admin);
    expect(numeros(segunda.data!.documentosFiscais.itens)).toEqual([emitidos[0].numero]);
    expect(segunda.data!.documentosFiscais.proximo).toBeNull();

    const rest1 = await rest('GET', `${DOCUMENTOS}?cliente=${encodeURIComponent('móveis')}&primeiros=1`, { bearer: empresa.usuario });
    expect(rest1.status).toBe(200);
    expect(rest1.body).toMatchObject({ sucesso: true, dados: { itens: [{ numero: emitidos[2].numero, modelo: 'NFE', situacao: 'AUTORIZADO' }] } });
    const rest2 = await rest('GET', `${DOCUMENTOS}?cliente=${encodeURIComponent('móveis')}&primeiros=1&depois=${rest1.body.dados.proximo}`, { bearer: empresa.usuario });
    expect(rest2.body.dados).toMatchObject({ itens: [{ numero: emitidos[0].numero }], proximo: null });
    const todos = await rest('GET', `${DOCUMENTOS}?emitidoDe=${hojeBrasilia()}`, { bearer: empresa.usuario });
    expect(todos.body.dados.itens.map((d: Lido) => d.id)).toEqual([...emitidos].reverse().map((d) => d.id));
  });

  it('fiscal documents search - another company finds only its own documents, whatever it searches', async () => {
    const daOutra = await buscar(outra.admin, { cliente: 'Móveis São João' });
    expect(daOutra).toHaveLength(1);
    expect(emitidos.map((d) => d.id)).not.toContain(daOutra[0].id);
    expect(await buscar(outra.admin, { chaveAcesso: emitidos[0].chaveAcesso })).toEqual([]);
    expect(await buscar(outra.admin, { referencia: emitidos[0].referencia })).toEqual([]);
    const rest1 = await rest('GET', `${DOCUMENTOS}?chaveAcesso=${emitidos[0].chaveAcesso}`, { bearer: outra.usuario });
    expect(rest1.body.dados.itens).toEqual([]);
  });

  it('fiscal documents search - a wrong filter is FILTRO_INVALIDO naming each field (REST 400, GraphQL code), never a 5xx', async () => {
    const ruim = await rest('GET', `${DOCUMENTOS}?emitidoDe=2026-02-30&emitidoAte=31/12/2026&cliente=123&numero=-1&chaveAcesso=abc&modelo=XYZ&situacao=nada`, { bearer: empresa.admin });
    expect(ruim.status).toBe(400);
    expect(ruim.body).toMatchObject({ sucesso: false, codigo: 'FILTRO_INVALIDO' });
    expect(ruim.body.campos.map((c: { campo: string }) => c.campo).sort()).toEqual(['chaveAcesso', 'cliente', 'emitidoAte', 'emitidoDe', 'modelo', 'numero', 'situacao']);
    const invertido = await rest('GET', `${DOCUMENTOS}?emitidoDe=2026-11-20&emitidoAte=2026-11-19`, { bearer: empresa.admin });
    expect(invertido.body).toMatchObject({ codigo: 'FILTRO_INVALIDO', campos: [{ campo: 'emitidoAte', regra: 'periodo_invertido' }] });
    expect((await rest('GET', `${DOCUMENTOS}?primeiros=0`, { bearer: empresa.admin })).body).toMatchObject({ codigo: 'PRIMEIROS_INVALIDO' });
    expect((await rest('GET', `${DOCUMENTOS}?depois=xyz`, { bearer: empresa.admin })).body).toMatchObject({ codigo: 'CURSOR_INVALIDO' });
    expect((await rest('GET', `${DOCUMENTOS}?modelo=NFE&modelo=CTE`, { bearer: empresa.admin })).status).toBe(400);
    expect((await rest('GET', DOCUMENTOS)).status).toBe(401);

    const graph = await graphql(BUSCA, { cliente: 'x', emitidoDe: 'ontem' }, empresa.admin);
    expect(graph.errors?.[0].extensions).toMatchObject({ code: 'FILTRO_INVALIDO' });
    expect((graph.errors?.[0].extensions?.campos as { campo: string }[]).map((c) => c.campo).sort()).toEqual(['cliente', 'emitidoDe']);
  });
});
