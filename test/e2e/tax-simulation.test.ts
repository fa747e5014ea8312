import { graphql, rest, send, sessionFor, newCompanyId } from '../support/env';
import { CAMPOS_SIMULACAO, SIMULACOES, empresaConfigurada, empresaNova, simular } from './tax-simulation-helpers';

/**
 * Tax simulation through the gateway: GraphQL and REST, per regime with hand-computed figures, the regime
 * comparison, reading back, paging, another company's ids, bad input and roles. Money is reais (Float),
 * rates percent; the engine computes in centavos and rounds each line half up.
 */

const linha = (linhas: { tributo: string }[], tributo: string) => linhas.find((l) => l.tributo === tributo);

describe('tax simulation - one operation per regime (GraphQL)', () => {
  it('tax simulation - Simples Nacional from the fiscal settings, annex III formula, DAS split with the ISS share inside', async () => {
    // Settings: SIMPLES_NACIONAL, SP, aliquotaDas 7.5; the input gives no regime (the settings' applies).
    // RBT12 R$ 300,000 is annex III band 2 (nominal 11.2%, deduction R$ 9,360):
    //   effective = (300,000 x 11.2% - 9,360) / 300,000 = 24,240 / 300,000 = 8.08%   (LC 123 art. 18 §1-A)
    //   DAS = 10,000.00 x 8.08% = 808.00
    //   band 2 split: IRPJ 4% 32.32, CSLL 3.5% 28.28, COFINS 14.05% 113.524 -> 113.52, PIS 3.05% 24.644 -> 24.64,
    //   CPP 43.4% 350.672 -> 350.67, ISS 32% 258.56: sum 807.99, the 0.01 residue goes to CPP (350.68).
    //   ISS shown inside the DAS (informative), rate 8.08% x 32% = 2.5856%, 258.56: no second payable.
    // Due: competence Oct 2026 -> day 20 Nov 2026 is a holiday (Consciência Negra, Fri) -> postponed to Mon 23 Nov.
    const { admin } = await empresaConfigurada({ regimeTributario: 'SIMPLES_NACIONAL', uf: 'SP', aliquotaDas: 7.5 });
    const r = await simular(admin, { tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15', anexoSimples: 'III', receitaBruta12Meses: 300000 });
    expect(r.errors).toBeUndefined();
    const s = r.data!.simularImpostos;
    expect(s).toMatchObject({ tipoDocumento: 'NFSE', regime: 'SIMPLES_NACIONAL', dataOperacao: '2026-10-15', valor: 10000, totalDevido: 808, cargaEfetiva: 8.08, completo: true, provisionada: false, titulos: [] });
    expect(s.linhas.map((l: { tributo: string }) => l.tributo)).toEqual(['DAS', 'ISS']);
    expect(linha(s.linhas, 'DAS')).toMatchObject({ base: 10000, aliquota: 8.08, valor: 808, informativo: false, vencimento: '2026-11-23', naoCalculavel: false });
    expect(linha(s.linhas, 'ISS')).toMatchObject({ aliquota: 2.5856, valor: 258.56, informativo: true, vencimento: null });
    expect(s.partilhaDas).toEqual([
      { tributo: 'IRPJ', aliquota: expect.any(Number), valor: 32.32, residuo: 0 },
      { tributo: 'CSLL', aliquota: expect.any(Number), valor: 28.28, residuo: 0 },
      { tributo: 'COFINS', aliquota: expect.any(Number), valor: 113.52, residuo: 0 },
      { tributo: 'PIS', aliquota: expect.any(Number), valor: 24.64, residuo: 0 },
      { tributo: 'CPP', aliquota: expect.any(Number), valor: 350.68, residuo: 0.01 },
      { tributo: 'ISS', aliquota: expect.any(Number), valor: 258.56, residuo: 0 },
    ]);
    expect(new Date(s.criadaEm).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Without annex and RBT12 the company's effective rate from its settings applies: 10,000.00 x 7.5% = 750.00.
    const semAnexo = await simular(admin, { tipoDocumento: 'NFSE', valor: 10000, dataOperacao: '2026-10-15' });
    expect(semAnexo.data!.simularImpostos).toMatchObject({ regime: 'SIMPLES_NACIONAL', totalDevido: 750, cargaEfetiva: 7.5 });
  });

  it('tax simulation - Lucro Presumido, NFS-e of R$ 100,000 with ISS 5% in January 2026', async () => {
    // Fresh company (no settings): the regime comes from the input.
    //   PIS 100,000 x 0.65% = 650.00; COFINS x 3% = 3,000.00 (cumulative; ISS kept in the base, Tema 118 open)
    //   presumed base 32% (services) = 32,000.00: CSLL x 9% = 2,880.00; IRPJ x 15% = 4,800.00, no additional
    //   (32,000 <= 60,000 in the quarter, baseAcumuladaTrimestre 0); ISS 100,000 x 5% = 5,000.00
    //   total 16,330.00 = 16.33% of 100,000
    //   2026 test CBS/IBS, informative: base 100,000 - 5,000 - 650 - 3,000 = 91,350.00 -> CBS 0.9% 822.15, IBS-UF 0.1% 91.35
    // Due: PIS/COFINS 25 Feb 2026 (Wed); IRPJ/CSLL Q1 -> last business day of April, Thu 30 Apr 2026;
    //   ISS day 15 Feb 2026 is a Sunday, 16-17 are Carnival bank holidays -> postponed to Wed 18 Feb.
    const { usuario } = await empresaNova();
    const r = await simular(usuario, { tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-01-15', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 5 });
    expect(r.errors).toBeUndefined();
    const s = r.data!.simularImpostos;
    expect(s).toMatchObject({ regime: 'LUCRO_PRESUMIDO', valor: 100000, totalDevido: 16330, cargaEfetiva: 16.33, completo: true, pendentesDeVencimento: [] });
    const resumo = s.linhas.map((l: any) => [l.tributo, l.base, l.aliquota, l.valor, l.informativo, l.vencimento]);
    expect(resumo).toEqual([
      ['PIS', 100000, 0.65, 650, false, '2026-02-25'],
      ['COFINS', 100000, 3, 3000, false, '2026-02-25'],
      ['CSLL', 32000, 9, 2880, false, '2026-04-30'],
      ['IRPJ', 32000, 15, 4800, false, '2026-04-30'],
      ['ISS', 100000, 5, 5000, false, '2026-02-18'],
      ['CBS', 91350, 0.9, 822.15, true, null],
      ['IBS_UF', 91350, 0.1, 91.35, true, null],
      ['IBS_MUN', 91350, 0, 0, true, null],
    ]);
    expect(linha(s.linhas, 'PIS')!).toMatchObject({ fundamento: expect.stringContaining('Lei 9.718/1998') });
  });

  it('tax simulation - Lucro Real, NF-e of R$ 50,000 in SP with R$ 20,000 of creditable purchases and the quarter profit given', async () => {
    //   ICMS: debit 50,000 x 18% = 9,000.00 - credit 20,000 x 18% = 3,600.00 -> 5,400.00
    //   PIS: sale base 50,000 - 9,000 = 41,000 x 1.65% = 676.50; credit (20,000 - 3,600) = 16,400 x 1.65% = 270.60 -> 405.90
    //   COFINS: 41,000 x 7.6% = 3,116.00 - 16,400 x 7.6% = 1,246.40 -> 1,869.60
    //   IRPJ: 100,000 x 15% = 15,000 + (100,000 - 60,000) x 10% = 4,000 -> 19,000.00; CSLL 100,000 x 9% = 9,000.00
    //   total 5,400 + 405.90 + 1,869.60 + 19,000 + 9,000 = 35,675.50
    //   2026 CBS base 50,000 - 9,000 - 676.50 - 3,116.00 = 37,207.50 -> CBS 334.87 (334.8675), IBS-UF 37.21 (37.2075)
    // Due: ICMS Fri 10 Apr 2026; PIS/COFINS 25 Apr 2026 is a Saturday -> anticipated to Fri 24 Apr; IRPJ/CSLL Q1 Thu 30 Apr.
    const { admin } = await empresaNova();
    const r = await simular(admin, {
      tipoDocumento: 'NFE',
      valor: 50000,
      dataOperacao: '2026-03-10',
      regime: 'LUCRO_REAL',
      ufOrigem: 'SP',
      comprasCreditaveis: 20000,
      lucroRealTrimestre: 100000,
    });
    expect(r.errors).toBeUndefined();
    const s = r.data!.simularImpostos;
    expect(s).toMatchObject({ regime: 'LUCRO_REAL', totalDevido: 35675.5, completo: true });
    const resumo = s.linhas.map((l: any) => [l.tributo, l.valor, l.informativo, l.vencimento]);
    expect(resumo).toEqual([
      ['PIS', 405.9, false, '2026-04-24'],
      ['COFINS', 1869.6, false, '2026-04-24'],
      ['CSLL', 9000, false, '2026-04-30'],
      ['IRPJ', 19000, false, '2026-04-30'],
      ['ICMS', 5400, false, '2026-04-10'],
      ['CBS', 334.87, true, null],
      ['IBS_UF', 37.21, true, null],
      ['IBS_MUN', 0, true, null],
    ]);
    expect(linha(s.linhas, 'ICMS')).toMatchObject({ base: 50000, aliquota: 18 });
    expect(linha(s.linhas, 'CBS')).toMatchObject({ base: 37207.5 });
  });

  it('tax simulation - 2027 Lucro Real: PIS/COFINS gone, CBS/IBS payable with no due date yet, IRPJ/CSLL not computable without the profit', async () => {
    //   ICMS 10,000 x 18% = 1,800.00, day 10 Apr 2027 is a Saturday -> Mon 12 Apr
    //   CBS base 10,000 - 1,800 = 8,200 x (8.8% assumed reference - 0.1 p.p. = 8.7%) = 713.40; IBS-UF 0.05% 4.10; IBS-Mun 4.10
    //   total 1,800 + 713.40 + 4.10 + 4.10 = 2,521.60; IRPJ/CSLL shown as not computable, so completo = false
    const { admin } = await empresaNova();
    const r = await simular(admin, { tipoDocumento: 'NFE', valor: 10000, dataOperacao: '2027-03-10', regime: 'LUCRO_REAL', ufOrigem: 'SP' });
    const s = r.data!.simularImpostos;
    expect(s).toMatchObject({ totalDevido: 2521.6, completo: false, pendentesDeVencimento: ['CBS', 'IBS_UF', 'IBS_MUN'] });
    expect(s.linhas.map((l: any) => [l.tributo, l.valor, l.vencimento, l.naoCalculavel])).toEqual([
      ['CSLL', 0, '2027-04-30', true],
      ['IRPJ', 0, '2027-04-30', true],
      ['ICMS', 1800, '2027-04-12', false],
      ['CBS', 713.4, null, false],
      ['IBS_UF', 4.1, null, false],
      ['IBS_MUN', 4.1, null, false],
    ]);
    expect(s.premissas.join(' ')).toMatch(/8,8%/);
  });

  it('tax simulation - dataOperacao defaults to today in America/Sao_Paulo', async () => {
    const { admin } = await empresaNova();
    const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const r = await simular(admin, { tipoDocumento: 'NFSE', valor: 1000, regime: 'LUCRO_PRESUMIDO', aliquotaIss: 2 });
    expect(r.errors).toBeUndefined();
    expect(r.data!.simularImpostos.dataOperacao).toBe(hoje);
  });
});

describe('tax simulation - regime comparison', () => {
  it('tax simulation - compararRegimes answers the same operation under SN, LP and LR, each kept and readable', async () => {
    // NFS-e R$ 100,000, ISS 5%, 15 Jan 2026, company without settings:
    //   SN: DAS at the default 6% = 6,000.00 (due Fri 20 Feb 2026)
    //   LP: 16,330.00 (as in the Lucro Presumido test)
    //   LR: PIS 1.65% 1,650.00 + COFINS 7.6% 7,600.00 + ISS 5,000.00 = 14,250.00; IRPJ/CSLL not computable -> completo false
    const { admin } = await empresaNova();
    const r = await graphql(
      `mutation ($input: SimularImpostosInput!) { compararRegimes(input: $input) { ${CAMPOS_SIMULACAO} } }`,
      { input: { tipoDocumento: 'NFSE', valor: 100000, dataOperacao: '2026-01-15', aliquotaIss: 5 } },
      admin,
    );
    expect(r.errors).toBeUndefined();
    const [sn, lp, lr] = r.data!.compararRegimes;
    expect([sn.regime, lp.regime, lr.regime]).toEqual(['SIMPLES_NACIONAL', 'LUCRO_PRESUMIDO', 'LUCRO_REAL']);
    expect([sn.totalDevido, lp.totalDevido, lr.totalDevido]).toEqual([6000, 16330, 14250]);
    expect(sn.linhas[0]).toMatchObject({ tributo: 'DAS', valor: 6000, vencimento: '2026-02-20' });
    expect([sn.completo, lp.completo, lr.completo]).toEqual([true, true, false]);
    expect(new Set([sn.id, lp.id, lr.id]).size).toBe(3);
    expect(sn.comparacaoId).toBeTruthy();
    expect([lp.comparacaoId, lr.comparacaoId]).toEqual([sn.comparacaoId, sn.comparacaoId]);

    const lido = await graphql(`query ($id: ID!) { simulacaoImposto(id: $id) { ${CAMPOS_SIMULACAO} } }`, { id: lr.id }, admin);
    expect(lido.data!.simulacaoImposto).toEqual(lr);
  });
});

describe('tax simulation - REST for ERP callers', () => {
  it('tax simulation - POST answers 201 with the simulation, GET reads it back, GraphQL reads the same record', async () => {
    // Lucro Presumido carrier, CT-e SP -> BA R$ 10,000 on 10 Aug 2026:
    //   ICMS interstate S/SE -> NE 7% = 700.00 (Thu 10 Sep 2026)
    //   PIS (10,000 - 700) x 0.65% = 60.45; COFINS 9,300 x 3% = 279.00 (ICMS out of the base, Tema 69; Fri 25 Sep)
    //   cargo transport presumption 8% / 12%: IRPJ 800 x 15% = 120.00; CSLL 1,200 x 9% = 108.00 (Q3: Fri 30 Oct 2026)
    //   total 700 + 60.45 + 279 + 120 + 108 = 1,267.45
    const { admin, companyId } = await empresaNova();
    const post = await rest('POST', SIMULACOES, {
      bearer: admin,
      body: { tipoDocumento: 'CTE', valor: 10000, dataOperacao: '2026-08-10', regime: 'LUCRO_PRESUMIDO', ufOrigem: 'SP', ufDestino: 'BA' },
    });
    expect(post.status).toBe(201);
    expect(post.body.sucesso).toBe(true);
    const dados = post.body.dados;
    expect(dados).toMatchObject({ tipoDocumento: 'CTE', regime: 'LUCRO_PRESUMIDO', valor: 10000, totalDevido: 1267.45, provisionada: false, titulos: [] });
    expect(dados.linhas.filter((l: any) => !l.informativo).map((l: any) => [l.tributo, l.base, l.aliquota, l.valor, l.vencimento])).toEqual([
      ['PIS', 9300, 0.65, 60.45, '2026-09-25'],
      ['COFINS', 9300, 3, 279, '2026-09-25'],
      ['CSLL', 1200, 9, 108, '2026-10-30'],
      ['IRPJ', 800, 15, 120, '2026-10-30'],
      ['ICMS', 10000, 7, 700, '2026-09-10'],
    ]);

    const get = await rest('GET', `${SIMULACOES}/${dados.id}`, { bearer: await sessionFor(companyId, 'user') });
    expect(get.status).toBe(200);
    expect(get.body).toEqual({ sucesso: true, dados });

    const gql = await graphql(`query ($id: ID!) { simulacaoImposto(id: $id) { id totalDevido criadaEm linhas { tributo valor } } }`, { id: dados.id }, admin);
    expect(gql.data!.simulacaoImposto).toEqual({
      id: dados.id,
      totalDevido: 1267.45,
      criadaEm: dados.criadaEm,
      linhas: dados.linhas.map((l: any) => ({ tributo: l.tributo, valor: l.valor })),
    });
  });
});

describe('tax simulation - another company', () => {
  it("tax simulation - another company's id reads exactly like an unknown id: null in GraphQL, 404 SIMULACAO_NAO_ENCONTRADA in REST", async () => {
    const dona = await empresaNova('dona');
    const outra = await empresaNova('outra');
    const criada = await simular(dona.admin, { tipoDocumento: 'NFSE', valor: 1000, dataOperacao: '2026-05-04', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 3 });
    const id = criada.data!.simularImpostos.id as string;

    const query = `query ($id: ID!) { simulacaoImposto(id: $id) { id } }`;
    expect((await graphql(query, { id }, dona.admin)).data).toEqual({ simulacaoImposto: { id } });
    const alheia = await graphql(query, { id }, outra.admin);
    const inexistente = await graphql(query, { id: 'nao-existe' }, outra.admin);
    expect(alheia).toEqual({ status: 200, data: { simulacaoImposto: null } });
    expect(inexistente).toEqual(alheia);

    const getAlheia = await rest('GET', `${SIMULACOES}/${id}`, { bearer: outra.admin });
    const getInexistente = await rest('GET', `${SIMULACOES}/nao-existe`, { bearer: outra.admin });
    expect(getAlheia.status).toBe(404);
    expect(getAlheia.body).toEqual({ sucesso: false, codigo: 'SIMULACAO_NAO_ENCONTRADA', erro: expect.any(String) });
    expect(getInexistente.body).toEqual(getAlheia.body);

    const provAlheio = await rest('POST', `${SIMULACOES}/${id}/provisionar`, { bearer: outra.admin });
    expect(provAlheio.status).toBe(404);
    expect(provAlheio.body.codigo).toBe('SIMULACAO_NAO_ENCONTRADA');
    const gqlProv = await graphql(`mutation ($id: ID!) { provisionarImpostos(simulacaoId: $id) { id } }`, { id }, outra.admin);
    expect(gqlProv.errors?.[0].extensions?.code).toBe('SIMULACAO_NAO_ENCONTRADA');
    // Nothing was provisioned for the owner by the other company's attempts.
    expect((await rest('GET', `${SIMULACOES}/${id}`, { bearer: dona.admin })).body.dados).toMatchObject({ provisionada: false, titulos: [] });

    const lista = await graphql(`{ simulacoesImposto { itens { id } proximo } }`, {}, outra.admin);
    expect(lista.data!.simulacoesImposto).toEqual({ itens: [], proximo: null });
  });
});

describe('tax simulation - paging', () => {
  it('tax simulation - simulacoesImposto pages newest first with an opaque cursor, and refuses a bad size or cursor', async () => {
    const { admin } = await empresaNova('paginas');
    const ids: string[] = [];
    for (const valor of [1000, 2000, 3000, 4000, 5000]) {
      const r = await simular(admin, { tipoDocumento: 'NFSE', valor, dataOperacao: '2026-06-01', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 2 });
      ids.push(r.data!.simularImpostos.id);
      // Distinct creation instants, so "newest first" has one answer.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const pagina = (primeiros: number, depois?: string | null) =>
      graphql(`query ($p: Int, $d: String) { simulacoesImposto(primeiros: $p, depois: $d) { itens { id valor } proximo } }`, { p: primeiros, d: depois }, admin);

    const p1 = (await pagina(2)).data!.simulacoesImposto;
    expect(p1.itens.map((s: any) => s.valor)).toEqual([5000, 4000]);
    expect(typeof p1.proximo).toBe('string');
    const p2 = (await pagina(2, p1.proximo)).data!.simulacoesImposto;
    expect(p2.itens.map((s: any) => s.valor)).toEqual([3000, 2000]);
    const p3 = (await pagina(2, p2.proximo)).data!.simulacoesImposto;
    expect(p3).toEqual({ itens: [{ id: ids[0], valor: 1000 }], proximo: null });

    const todas = await graphql(`{ simulacoesImposto { itens { id } proximo } }`, {}, admin);
    expect(todas.data!.simulacoesImposto).toEqual({ itens: [...ids].reverse().map((id) => ({ id })), proximo: null });

    for (const primeiros of [0, 201, -1]) {
      const r = await pagina(primeiros);
      expect(r.errors?.[0].extensions?.code).toBe('PRIMEIROS_INVALIDO');
    }
    const p200 = await pagina(200);
    expect(p200.data!.simulacoesImposto.itens).toHaveLength(5);
    for (const cursor of ['abc', 'eyJrIjoibG90ZSJ9', '!!!']) {
      const r = await pagina(2, cursor);
      expect(r.errors?.[0].extensions?.code).toBe('CURSOR_INVALIDO');
    }
  });
});

describe('tax simulation - bad input', () => {
  const campos = (lista: { campo: string; regra: string }[]) => lista.map((c) => `${c.campo}:${c.regra}`).sort();

  it('tax simulation - GraphQL refuses every invalid field at once with SIMULACAO_INVALIDA and campos', async () => {
    const { admin } = await empresaNova();
    const r = await simular(admin, {
      tipoDocumento: 'NFE',
      valor: -5,
      dataOperacao: '2025-12-31',
      regime: 'LUCRO_PRESUMIDO',
      ufOrigem: 'XX',
      ncm: '1234',
      anexoSimples: 'VI',
      aliquotaIss: 7,
      atividade: 'PADARIA',
      receitaBruta12Meses: 1e20,
    });
    expect(r.status).toBe(200);
    expect(r.data).toBeNull();
    expect(r.errors).toHaveLength(1);
    expect(r.errors![0].extensions?.code).toBe('SIMULACAO_INVALIDA');
    expect(campos(r.errors![0].extensions!.campos as any)).toEqual(
      [
        'valor:NAO_POSITIVO',
        'dataOperacao:FORA_DO_PERIODO',
        'ufOrigem:UF_DESCONHECIDA',
        'ncm:NCM_INVALIDO',
        'anexoSimples:VALOR_NAO_PERMITIDO',
        'aliquotaIss:FORA_DO_INTERVALO',
        'atividade:VALOR_NAO_PERMITIDO',
        'receitaBruta12Meses:ACIMA_DO_LIMITE',
      ].sort(),
    );
    // Nothing was kept.
    expect((await graphql(`{ simulacoesImposto { itens { id } } }`, {}, admin)).data!.simulacoesImposto.itens).toEqual([]);
  });

  it('tax simulation - an unknown regime in GraphQL is refused by the schema before any resolver', async () => {
    const { admin } = await empresaNova();
    const r = await simular(admin, { tipoDocumento: 'NFSE', valor: 10, regime: 'LUCRO_FICTICIO' });
    expect(r.status).toBe(400);
    expect(r.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('tax simulation - REST refuses every invalid field at once (unknown regime, unknown field, wrong types included) with 400', async () => {
    const { admin } = await empresaNova();
    const r = await rest('POST', SIMULACOES, {
      bearer: admin,
      body: {
        tipoDocumento: 'NFSE',
        valor: '100',
        dataOperacao: '2026-02-30',
        regime: 'LUCRO_FICTICIO',
        aliquotaIss: 1.5,
        ufDestino: 'ZZ',
        anexoSimples: 'VI',
        taxaExtra: 3,
      },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ sucesso: false, codigo: 'SIMULACAO_INVALIDA', erro: expect.stringContaining('simulação inválida') });
    expect(campos(r.body.campos)).toEqual(
      [
        'valor:NAO_NUMERICO',
        'dataOperacao:DATA_INEXISTENTE',
        'regime:VALOR_NAO_PERMITIDO',
        'aliquotaIss:FORA_DO_INTERVALO',
        'ufDestino:UF_DESCONHECIDA',
        'anexoSimples:VALOR_NAO_PERMITIDO',
        'taxaExtra:CAMPO_DESCONHECIDO',
      ].sort(),
    );
    for (const campo of r.body.campos) expect(campo.erro).toEqual(expect.any(String));
  });

  it('tax simulation - malformed input of any kind is a 4xx, never a 5xx', async () => {
    const { admin } = await empresaNova();
    const corpos = ['[]', '"texto"', '42', 'null', '{"valor":{"$gt":1}}', '{"tipoDocumento":"NFE","valor":1e400}', `{"tipoDocumento":"NFE","valor":1,"ncm":"${'9'.repeat(5000)}"}`, '{"a":'];
    for (const corpo of corpos) {
      const r = await send('POST', SIMULACOES, { bearer: admin, body: corpo, headers: { 'content-type': 'application/json' } });
      expect([corpo.slice(0, 30), r.status]).toEqual([corpo.slice(0, 30), 400]);
      expect(r.body.sucesso).toBe(false);
    }
    const semCorpo = await send('POST', SIMULACOES, { bearer: admin });
    expect(semCorpo.status).toBeLessThan(500);
    for (const id of ['x'.repeat(101), 'x'.repeat(3000), '%00', '..%2F..']) {
      const r = await rest('GET', `${SIMULACOES}/${id}`, { bearer: admin });
      expect([id.slice(0, 10), r.status >= 400 && r.status < 500]).toEqual([id.slice(0, 10), true]);
    }
    // A NUL character makes the PostgreSQL behind FerretDB fail a query: every service refuses it at the edge,
    // in a GraphQL variable as in a REST body, before anything is looked up.
    const nul = await graphql(`query ($id: ID!) { simulacaoImposto(id: $id) { id } }`, { id: 'a\u0000b' }, admin);
    expect(nul.status).toBe(400);
    const corpoNul = await rest('POST', SIMULACOES, { bearer: admin, body: { tipoDocumento: 'NFE', valor: 1, ufOrigem: 'S\u0000', regime: 'LUCRO_REAL' } });
    expect([corpoNul.status, corpoNul.body.codigo]).toEqual([400, 'CORPO_INVALIDO']);
  });
});

describe('tax simulation - roles', () => {
  it('tax simulation - any role simulates and reads; only admin provisions (403 FORBIDDEN); no session is 401', async () => {
    const companyId = newCompanyId('papeis');
    const usuario = await sessionFor(companyId, 'user');
    const entrada = { tipoDocumento: 'NFSE', valor: 2000, dataOperacao: '2026-07-01', regime: 'LUCRO_PRESUMIDO', aliquotaIss: 2 };
    const post = await rest('POST', SIMULACOES, { bearer: usuario, body: entrada });
    expect(post.status).toBe(201);
    const id = post.body.dados.id;
    expect((await rest('GET', `${SIMULACOES}/${id}`, { bearer: usuario })).status).toBe(200);

    const prov = await rest('POST', `${SIMULACOES}/${id}/provisionar`, { bearer: usuario });
    expect(prov.status).toBe(403);
    expect(prov.body).toMatchObject({ sucesso: false, codigo: 'FORBIDDEN' });
    const gql = await graphql(`mutation ($id: ID!) { provisionarImpostos(simulacaoId: $id) { id } }`, { id }, usuario);
    expect(gql.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await rest('GET', `${SIMULACOES}/${id}`, { bearer: usuario })).body.dados.provisionada).toBe(false);

    const anonimo = await rest('POST', SIMULACOES, { body: entrada });
    expect(anonimo.status).toBe(401);
    expect(anonimo.body.codigo).toBe('UNAUTHENTICATED');
    expect((await rest('GET', `${SIMULACOES}/${id}`)).status).toBe(401);
    const gqlAnonimo = await graphql(`mutation ($input: SimularImpostosInput!) { simularImpostos(input: $input) { id } }`, { input: entrada });
    expect(gqlAnonimo.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
