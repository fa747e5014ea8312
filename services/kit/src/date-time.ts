import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/** Calendar date, optionally with a time that then must carry its offset (a bare local time is ambiguous). */
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

function invalid(): GraphQLError {
  return new GraphQLError('DateTime deve ser uma data ISO-8601, ex.: 2026-12-31T23:59:59Z', {
    extensions: { code: 'BAD_USER_INPUT' },
  });
}

/** Parses strictly: JavaScript would read 2026-02-30 as 2 March, so the calendar parts are checked too. */
export function parseIsoDateTime(text: string): Date | null {
  const match = ISO_8601.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = match;
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** Reads an argument of type `DateTime`; a value that is not an ISO-8601 date is the client's mistake. */
export function toDate(value: unknown): Date {
  const parsed = typeof value === 'string' ? parseIsoDateTime(value) : null;
  if (!parsed) throw invalid();
  return parsed;
}

/**
 * `DateTime`: an ISO-8601 string on the wire. Input is checked by the resolvers (`toDate`), not while
 * coercing: a coercion failure is refused before execution in graphql-js's wording (GRAPHQL_VALIDATION_FAILED
 * for a literal, an HTTP 400 for a variable), while the resolver answers BAD_USER_INPUT with our message
 * however the date was sent. Output is always UTC with milliseconds.
 */
export const DateTime = new GraphQLScalarType<unknown, string>({
  name: 'DateTime',
  description: 'Data e hora ISO-8601 (ex.: 2026-12-31T23:59:59Z); uma data sem hora vale 00:00 UTC.',
  serialize(value) {
    const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime())) throw new GraphQLError('DateTime sem valor válido');
    return date.toISOString();
  },
  parseValue: (value) => value,
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? ast.value : ast.kind === Kind.NULL ? null : ast),
});
