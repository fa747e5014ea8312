import { eventContracts, requestContracts, Streams, Subjects } from '../../src';
import { eventSamples, requestSamples } from '../support/samples';

const accepts = (schema: { validate: (value: unknown, options: object) => { error?: { message: string } } }, value: unknown) =>
  schema.validate(value, { abortEarly: false, presence: 'optional' }).error?.message ?? null;

describe('subject registry', () => {
  test('subject registry - every request and reply schema accepts a full typed sample of its type', () => {
    for (const [subject, sample] of Object.entries(requestSamples)) {
      const contract = requestContracts[subject as keyof typeof requestContracts];
      expect([subject, accepts(contract.request, sample.request)]).toEqual([subject, null]);
      for (const reply of sample.replies) expect([subject, accepts(contract.reply, reply)]).toEqual([subject, null]);
    }
  });

  test('subject registry - every event schema accepts a full typed sample of its type', () => {
    for (const [subject, sample] of Object.entries(eventSamples)) {
      expect([subject, accepts(eventContracts[subject as keyof typeof eventContracts].schema, sample)]).toEqual([subject, null]);
    }
  });

  test('subject registry - the schemas refuse a sample that lost a required field (they are not accept-anything)', () => {
    const { digest: _digest, ...withoutDigest } = eventSamples['token.v1.changed'];
    expect(accepts(eventContracts[Subjects.tokenChanged].schema, withoutDigest)).toMatch(/digest/);
    expect(accepts(requestContracts[Subjects.settingsSign].request, { companyId: 'acme', algoritmo: 'MD5', dadosBase64: '' })).toMatch(/algoritmo/);
    const operacao = { tipoDocumento: 'NFE', valor: 1, dataOperacao: '2026-01-01' };
    expect(accepts(requestContracts[Subjects.taxCalculate].request, { companyId: 'acme', operacoes: [operacao, { ...operacao, receitaExcedenteAno: 'zero' }] })).toMatch(/receitaExcedenteAno/);
  });

  test('subject registry - every subject of the registry is a subject of the table, and every stream event lies in its stream', () => {
    const all = Object.values(Subjects) as string[];
    for (const subject of [...Object.keys(requestContracts), ...Object.keys(eventContracts)]) expect(all).toContain(subject);
    for (const [subject, { stream }] of Object.entries(eventContracts)) {
      if (!stream) continue;
      const { subjects } = Object.values(Streams).find((s) => s.name === stream)!;
      const covered = subjects.some((pattern) => (pattern.endsWith('.>') ? subject.startsWith(pattern.slice(0, -1)) : pattern === subject));
      expect([subject, covered]).toEqual([subject, true]);
    }
  });
});
