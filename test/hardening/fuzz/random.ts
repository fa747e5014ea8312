/**
 * A seeded generator (mulberry32): the same seed and request number give the same request on any machine, so a
 * failure is reproduced with `FUZZ_SEED=<seed> FUZZ_ONLY=<number>`.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The generator of request `index` of a run: independent of the order in which requests are sent. */
  static forRequest(seed: number, index: number): Random {
    return new Random(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35));
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `[[weight, value], ...]`. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    const total = choices.reduce((sum, [weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [weight, value] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1][1];
  }

  alnum(length: number): string {
    const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    let out = '';
    for (let i = 0; i < length; i += 1) out += chars[Math.floor(this.next() * chars.length)];
    return out;
  }
}

/** Text a validator may not expect: decomposed accents, invisible characters, direction overrides, surrogates. */
export function oddText(random: Random): string {
  return random.pick([
    'Confidencialidade',
    'Confidencialida\u0301de',
    'Conf\u200bidencialidade',
    '\ufeffConfidencialidade',
    'Integridade\u202e',
    'Jose\u0301 da Silva',
    'São Paulo',
    'Sa\u0303o Paulo',
    '\u0000',
    'a\u0000b',
    '\ud83d\ude00\ud83d\ude00',
    '\ud800',
    '\u200d\u200c\u2060',
    '   ',
    '',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '{"$gt": ""}',
    '$where',
    'a.b.c',
    '%s%s%n',
    '../../etc/passwd',
    'x'.repeat(random.pick([1, 255, 256, 501, 4_001, 70_000])),
    '21/11/2026 14:30',
    '31/02/2026 25:61',
    '2026-11-21T14:30:00Z',
    '1e309',
    '-0',
    'NaN',
    'ＣＯＮＦＩＤＥＮＣＩＡＬＩＤＡＤＥ',
  ]);
}

/** A value nested `levels` deep, written as text by `toJsonText` (JSON.stringify itself would overflow). */
export class Deep {
  constructor(
    readonly levels: number,
    readonly arrays: boolean,
  ) {}

  text(): string {
    return this.arrays ? `${'['.repeat(this.levels)}"fundo"${']'.repeat(this.levels)}` : `${'{"a":'.repeat(this.levels)}"fundo"${'}'.repeat(this.levels)}`;
  }
}

/** JSON text of a generated value, deep values included. */
export function toJsonText(value: unknown): string {
  const deep: Deep[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof Deep ? `\u0000DEEP${deep.push(v) - 1}\u0000` : v));
  return (text ?? 'null').replace(/"\\u0000DEEP(\d+)\\u0000"/g, (_match, i: string) => deep[Number(i)].text());
}

/** Any JSON value, sometimes nested deeply, sometimes with keys that touch prototypes or operators. */
export function anyJson(random: Random, depth = 0): unknown {
  const kind = random.weighted<string>([
    [4, 'string'],
    [2, 'number'],
    [1, 'boolean'],
    [1, 'null'],
    [depth < 3 ? 1 : 0, 'array'],
    [depth < 3 ? 1 : 0, 'object'],
    [depth === 0 ? 0.3 : 0, 'deep'],
    [0.5, 'proto'],
  ]);
  switch (kind) {
    case 'string':
      return oddText(random);
    case 'number':
      return random.pick([0, -1, 1, 1.5, -0.000001, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE, 500, 501, 200, 201]);
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: random.int(0, 4) }, () => anyJson(random, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (let i = random.int(0, 4); i > 0; i -= 1) out[random.pick(['a', 'codigo', 'tipo', '$set', 'x.y', '', oddText(random).slice(0, 20)])] = anyJson(random, depth + 1);
      return out;
    }
    case 'deep':
      return new Deep(random.pick([50, 500, 5_000, 50_000]), random.chance(0.5));
    default:
      return JSON.parse(random.pick(['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '{"prototype":null}', '{"__proto__":null}'])) as unknown;
  }
}
