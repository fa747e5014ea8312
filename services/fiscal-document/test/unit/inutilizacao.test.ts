import {
  anoBrasilia,
  conferirFaixa,
  MAXIMO_FAIXA,
  planejarInutilizacoes,
  prazoInutilizacao,
  validarInutilizacao,
  type NumeroQueimado,
} from '../../src/domain/inutilizacao';

/** Brasília wall-clock time (UTC-3) as an instant. */
const brasilia = (iso: string) => new Date(`${iso}-03:00`);
const MIN = 60_000;

function queimado(numero: number, em: Date, extra: Partial<NumeroQueimado> = {}): NumeroQueimado {
  return { companyId: 'acme', ambiente: 'HOMOLOGAÇÃO', modelo: 'NFE', serie: 1, numero, em, ...extra };
}

describe('inutilização - the deadline (10th of the next month, Brasília)', () => {
  it('a number taken in November is due by the end of 10 December, Brasília time', () => {
    expect(prazoInutilizacao(brasilia('2026-11-03T09:00:00')).toISOString()).toBe('2026-12-11T02:59:59.999Z');
  });

  it('the month is Brasília\'s: 30 Nov 22:30 in Brasília is 1 Dec in UTC and still a November number', () => {
    const em = brasilia('2026-11-30T22:30:00');
    expect(em.getUTCMonth()).toBe(11);
    expect(prazoInutilizacao(em)).toEqual(brasilia('2026-12-10T23:59:59.999'));
  });

  it('December numbers are due on 10 January of the next year, with the year of the numbers in the request', () => {
    const em = brasilia('2026-12-31T23:59:00');
    expect(prazoInutilizacao(em)).toEqual(brasilia('2027-01-10T23:59:59.999'));
    expect(anoBrasilia(em)).toBe(2026);
    expect(anoBrasilia(new Date('2027-01-01T02:00:00Z'))).toBe(2026);
  });
});

describe('inutilização - the scheduled decision', () => {
  const agora = brasilia('2026-11-20T12:00:00');

  it('groups consecutive burned numbers per company, environment, model and series into ranges; single numbers stand alone', () => {
    const em = brasilia('2026-11-20T10:00:00');
    const plano = planejarInutilizacoes(
      [
        queimado(7, em),
        queimado(5, em),
        queimado(6, em),
        queimado(9, em),
        queimado(5, em, { modelo: 'NFCE' }),
        queimado(6, em, { serie: 2 }),
        queimado(8, em, { companyId: 'outra' }),
        queimado(10, em, { ambiente: 'PRODUÇÃO' }),
      ],
      agora,
      { carenciaMs: 10 * MIN },
    );
    const faixas = plano.map((f) => [f.companyId, f.ambiente, f.modelo, f.serie, f.de, f.ate]);
    expect(faixas).toEqual(
      expect.arrayContaining([
        ['acme', 'HOMOLOGAÇÃO', 'NFE', 1, 5, 7],
        ['acme', 'HOMOLOGAÇÃO', 'NFE', 1, 9, 9],
        ['acme', 'HOMOLOGAÇÃO', 'NFCE', 1, 5, 5],
        ['acme', 'HOMOLOGAÇÃO', 'NFE', 2, 6, 6],
        ['outra', 'HOMOLOGAÇÃO', 'NFE', 1, 8, 8],
        ['acme', 'PRODUÇÃO', 'NFE', 1, 10, 10],
      ]),
    );
    expect(faixas).toHaveLength(6);
    for (const faixa of plano) {
      expect(faixa.prazo).toEqual(brasilia('2026-12-10T23:59:59.999'));
      expect(faixa.atrasada).toBe(false);
      expect(faixa.ano).toBe(2026);
    }
  });

  it('leaves numbers younger than the grace for a later pass, and the CT-e and NFS-e (no voiding at SEFAZ) always', () => {
    const plano = planejarInutilizacoes(
      [
        queimado(1, new Date(agora.getTime() - 11 * MIN)),
        queimado(2, new Date(agora.getTime() - 9 * MIN)),
        queimado(3, new Date(agora.getTime() - 60 * MIN), { modelo: 'CTE' }),
        queimado(4, new Date(agora.getTime() - 60 * MIN), { modelo: 'NFSE' }),
      ],
      agora,
      { carenciaMs: 10 * MIN },
    );
    expect(plano.map((f) => [f.modelo, f.de, f.ate])).toEqual([['NFE', 1, 1]]);
  });

  it('splits at the year (the request carries one year) and at the largest range; the earliest deadline comes first and a late one is flagged', () => {
    const dezembro = brasilia('2026-12-30T10:00:00');
    const janeiro = brasilia('2027-01-02T10:00:00');
    const outubro = brasilia('2026-10-15T10:00:00');
    const hoje = brasilia('2027-01-05T10:00:00');
    const plano = planejarInutilizacoes([queimado(10, dezembro), queimado(11, dezembro), queimado(12, janeiro), queimado(13, janeiro), queimado(3, outubro, { serie: 9 })], hoje, {
      carenciaMs: 0,
    });
    expect(plano.map((f) => [f.serie, f.de, f.ate, f.ano, f.atrasada])).toEqual([
      [9, 3, 3, 2026, true],
      [1, 10, 11, 2026, false],
      [1, 12, 13, 2027, false],
    ]);
    expect(plano[0].prazo).toEqual(brasilia('2026-11-10T23:59:59.999'));
    expect(plano[1].prazo).toEqual(brasilia('2027-01-10T23:59:59.999'));
    expect(plano[2].prazo).toEqual(brasilia('2027-02-10T23:59:59.999'));

    const muitos = Array.from({ length: 2_500 }, (_, i) => queimado(i + 1, dezembro));
    expect(planejarInutilizacoes(muitos, hoje, { carenciaMs: 0 }).map((f) => [f.de, f.ate])).toEqual([
      [1, MAXIMO_FAIXA],
      [MAXIMO_FAIXA + 1, 2 * MAXIMO_FAIXA],
      [2 * MAXIMO_FAIXA + 1, 2_500],
    ]);
  });

  it('a range takes the earliest deadline of its numbers (a November number beside December ones)', () => {
    const plano = planejarInutilizacoes([queimado(4, brasilia('2026-11-30T23:00:00')), queimado(5, brasilia('2026-12-01T08:00:00'))], brasilia('2026-12-02T00:00:00'), {
      carenciaMs: 0,
    });
    expect(plano).toHaveLength(1);
    expect(plano[0]).toMatchObject({ de: 4, ate: 5, prazo: brasilia('2026-12-10T23:59:59.999'), atrasada: false });
  });

  it('the same number read twice is voided once', () => {
    const em = brasilia('2026-11-20T10:00:00');
    expect(planejarInutilizacoes([queimado(3, em), queimado(3, em), queimado(4, em)], agora, { carenciaMs: 0 }).map((f) => [f.de, f.ate])).toEqual([[3, 4]]);
  });
});

describe('inutilização - an on-demand request', () => {
  const justificativa = 'Numeração pulada por falha do sistema de faturamento';

  it('accepts NF-e and NFC-e ranges with a 15-255 character justification', () => {
    expect(validarInutilizacao({ modelo: 'NFCE', serie: 1, de: 5, ate: 9, justificativa: `  ${justificativa}  ` })).toEqual({
      ok: true,
      valor: { modelo: 'NFCE', serie: 1, de: 5, ate: 9, justificativa },
    });
  });

  it('reports every bad field at once', () => {
    const r = validarInutilizacao({ modelo: 'CTE', serie: 1000, de: 0, ate: 2.5, justificativa: 'curta', outro: 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.campos.map((c) => [c.campo, c.regra])).toEqual([
      ['outro', 'campo_desconhecido'],
      ['modelo', 'modelo_sem_inutilizacao'],
      ['serie', 'serie_invalida'],
      ['de', 'numero_invalido'],
      ['ate', 'numero_invalido'],
      ['justificativa', 'justificativa_invalida'],
    ]);
  });

  it('refuses an inverted range, one above the largest, and a justification beyond 255 characters', () => {
    const regras = (entrada: Record<string, unknown>) => {
      const r = validarInutilizacao({ modelo: 'NFE', serie: 1, justificativa, ...entrada });
      return r.ok ? [] : r.campos.map((c) => c.regra);
    };
    expect(regras({ de: 9, ate: 5 })).toEqual(['faixa_invertida']);
    expect(regras({ de: 1, ate: MAXIMO_FAIXA })).toEqual([]);
    expect(regras({ de: 1, ate: MAXIMO_FAIXA + 1 })).toEqual(['faixa_grande_demais']);
    expect(regras({ de: 1, ate: 1, justificativa: 'x'.repeat(256) })).toEqual(['justificativa_invalida']);
    expect(regras({ de: 1, ate: 1, justificativa: 'quinze letras\u0007!' })).toEqual(['justificativa_invalida']);
  });

  it('only numbers taken and never authorized may be voided: the first other number says why', () => {
    const numeros = [
      { numero: 1, situacao: 'USADO' as const },
      { numero: 2, situacao: 'A_INUTILIZAR' as const },
      { numero: 3, situacao: 'A_INUTILIZAR' as const },
      { numero: 4, situacao: 'INUTILIZADO' as const },
    ];
    expect(conferirFaixa(numeros, 2, 3)).toBeNull();
    expect(conferirFaixa(numeros, 1, 3)).toEqual({ numero: 1, motivo: 'EM_USO' });
    expect(conferirFaixa(numeros, 3, 4)).toEqual({ numero: 4, motivo: 'JA_INUTILIZADO' });
    expect(conferirFaixa(numeros, 3, 6)).toEqual({ numero: 4, motivo: 'JA_INUTILIZADO' });
    expect(conferirFaixa(numeros, 5, 6)).toEqual({ numero: 5, motivo: 'NAO_UTILIZADO' });
  });
});
