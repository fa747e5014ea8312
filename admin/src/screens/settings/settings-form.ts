import type { FieldError } from '../../api/field-errors';
import type { ConfiguracaoFiscal, ConfiguracaoFiscalEntrada, ConfiguracaoFiscalNfseEntrada, PrazosCancelamentoEntrada, VencimentosEmpresaEntrada } from '../../api/operations/settings';

export const ENDERECO = ['logradouro', 'numero', 'complemento', 'bairro', 'municipio', 'cep', 'telefone'] as const;
export const PRAZOS = ['nfeHoras', 'nfceMinutos', 'cteHoras', 'nfseDias'] as const;
export const VENCIMENTOS = ['icms', 'iss', 'cbs', 'ibs', 'is'] as const;
/** The company and NFS-e fields kept as text under their API path (`grupo.campo`). */
const TEXTS = [
  'empresa.cnpj',
  'empresa.razaoSocial',
  'empresa.inscricaoEstadual',
  'empresa.uf',
  'empresa.codigoMunicipio',
  'empresa.regimeTributario',
  'empresa.aliquotaDas',
  'nfse.provedor',
  'nfse.endpoint',
  'nfse.codigoCidade',
  'nfse.inscricaoMunicipal',
  'nfse.codigoServico',
  'nfse.codigoServicoNacional',
  'nfse.codigoNbs',
  'nfse.algoritmoAssinatura',
  'nfse.canonicalizacao',
  'nfse.usuario',
] as const;
type AddressPath = `empresa.endereco.${(typeof ENDERECO)[number]}`;
type DeadlinePath = `prazosCancelamento.${(typeof PRAZOS)[number]}`;
type DueDayPath = `vencimentos.${(typeof VENCIMENTOS)[number]}.${'dia' | 'ajuste'}`;
export type TextPath = (typeof TEXTS)[number] | AddressPath | DeadlinePath | DueDayPath | 'ambiente' | 'seriePadrao' | 'series' | 'timeoutSegundos';

/** The form keeps every field as typed text, keyed by the API's field path, so an error lands on its field. */
export interface SettingsForm {
  texts: Record<TextPath, string>;
  emissaoAutomatica: boolean;
  nfseSenha: string;
  removerNfseSenha: boolean;
  certificateFile: { name: string; base64: string } | null;
  certificatePassword: string;
  removerCertificado: boolean;
  /** The company's CBS / IBS reference rates per year (percent, as typed: "8,8"). */
  aliquotasReferencia: ReferenceRateRow[];
}

export interface ReferenceRateRow {
  ano: string;
  cbs: string;
  ibsUf: string;
  ibsMun: string;
}
export const RATE_KEYS = ['cbs', 'ibsUf', 'ibsMun'] as const;

/** A rate as a person types it ("8,8" or "8.8"), or as stored (8.8 shown "8,8"). */
const rateText = (n: number | null | undefined) => (n == null ? '' : String(n).replace('.', ','));

/** Every field path the form shows: the error summary links these to their fields. */
export const FORM_FIELDS: ReadonlySet<string> = new Set<string>([
  ...TEXTS,
  ...ENDERECO.map((campo) => `empresa.endereco.${campo}`),
  ...PRAZOS.map((prazo) => `prazosCancelamento.${prazo}`),
  ...VENCIMENTOS.flatMap((tributo) => [`vencimentos.${tributo}.dia`, `vencimentos.${tributo}.ajuste`]),
  ...['ambiente', 'seriePadrao', 'series', 'timeoutSegundos', 'emissaoAutomatica', 'certificadoA1.arquivoBase64', 'certificadoA1.senha', 'nfse.senha'],
]);

/** The element id of a field of this screen. */
export const settingsFieldId = (campo: string) => `cfg-${campo}`;

export function formFromSettings(c: ConfiguracaoFiscal): SettingsForm {
  const texts = {
    ambiente: c.ambiente,
    seriePadrao: String(c.seriePadrao),
    series: c.series.join(', '),
    timeoutSegundos: String(c.timeoutSegundos),
  } as Record<TextPath, string>;
  for (const path of TEXTS) {
    const [group, campo] = path.split('.') as ['empresa' | 'nfse', string];
    const value = (c[group] as Record<string, string | number | null>)[campo];
    texts[path] = value == null ? '' : String(value);
  }
  for (const campo of ENDERECO) texts[`empresa.endereco.${campo}`] = c.empresa.endereco?.[campo] ?? '';
  for (const prazo of PRAZOS) texts[`prazosCancelamento.${prazo}`] = c.prazosCancelamento[prazo] == null ? '' : String(c.prazosCancelamento[prazo]);
  for (const tributo of VENCIMENTOS) {
    const rule = c.vencimentos[tributo];
    texts[`vencimentos.${tributo}.dia`] = rule ? String(rule.dia) : '';
    texts[`vencimentos.${tributo}.ajuste`] = rule?.ajuste ?? 'PRORROGAR';
  }
  return {
    texts,
    emissaoAutomatica: c.emissaoAutomatica,
    nfseSenha: '',
    removerNfseSenha: false,
    certificateFile: null,
    certificatePassword: '',
    removerCertificado: false,
    aliquotasReferencia: c.aliquotasReferencia.map((r) => ({ ano: String(r.ano), cbs: rateText(r.cbs), ibsUf: rateText(r.ibsUf), ibsMun: rateText(r.ibsMun) })),
  };
}

const blankAsNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The GraphQL input, or the fields that are not numbers (GraphQL's Int would refuse them before any rule). */
export function settingsInput(f: SettingsForm): { input: ConfiguracaoFiscalEntrada; localErrors: FieldError[] } {
  const localErrors: FieldError[] = [];
  const integer = (campo: TextPath): number | null => {
    const text = f.texts[campo].trim();
    if (text === '') return null;
    if (!/^-?\d+$/.test(text)) {
      localErrors.push({ campo, regra: 'tipo', erro: 'deve ser um número inteiro' });
      return null;
    }
    return Number(text);
  };
  const series = f.texts.series.trim() === '' ? null : f.texts.series.split(/[,;\s]+/).filter(Boolean);
  if (series && series.some((s) => !/^\d+$/.test(s))) localErrors.push({ campo: 'series', regra: 'tipo', erro: 'números inteiros separados por vírgula' });
  const dasText = f.texts['empresa.aliquotaDas'].trim().replace(',', '.');
  const aliquotaDas = dasText === '' ? null : Number(dasText);
  if (aliquotaDas !== null && !Number.isFinite(aliquotaDas)) localErrors.push({ campo: 'empresa.aliquotaDas', regra: 'tipo', erro: 'deve ser um número (percentual)' });

  const text = (path: TextPath) => blankAsNull(f.texts[path]);
  // The address is all or nothing (NF-e enderEmit): every box blank means none; else the service names what is missing.
  const endereco = Object.fromEntries(ENDERECO.map((campo) => [campo, text(`empresa.endereco.${campo}`)]));
  const empresa = {
    cnpj: text('empresa.cnpj'),
    razaoSocial: text('empresa.razaoSocial'),
    inscricaoEstadual: text('empresa.inscricaoEstadual'),
    uf: text('empresa.uf'),
    codigoMunicipio: text('empresa.codigoMunicipio'),
    regimeTributario: text('empresa.regimeTributario'),
    aliquotaDas,
    endereco: Object.values(endereco).every((value) => value === null) ? null : endereco,
  };
  const nfse: ConfiguracaoFiscalNfseEntrada = {
    provedor: text('nfse.provedor'),
    endpoint: text('nfse.endpoint'),
    codigoCidade: text('nfse.codigoCidade'),
    inscricaoMunicipal: text('nfse.inscricaoMunicipal'),
    codigoServico: text('nfse.codigoServico'),
    codigoServicoNacional: text('nfse.codigoServicoNacional'),
    codigoNbs: text('nfse.codigoNbs'),
    algoritmoAssinatura: text('nfse.algoritmoAssinatura'),
    canonicalizacao: text('nfse.canonicalizacao'),
    usuario: text('nfse.usuario'),
  };
  const prazosCancelamento: PrazosCancelamentoEntrada = Object.fromEntries(PRAZOS.map((prazo) => [prazo, integer(`prazosCancelamento.${prazo}`)]));
  const vencimentos: VencimentosEmpresaEntrada = Object.fromEntries(
    VENCIMENTOS.map((tributo) => {
      const dia = integer(`vencimentos.${tributo}.dia`);
      return [tributo, dia === null ? null : { dia, ajuste: f.texts[`vencimentos.${tributo}.ajuste`] }];
    }),
  );
  // Passwords: left empty, the stored one stays (the field is omitted); ticked for removal, null removes it.
  if (f.removerNfseSenha) nfse.senha = null;
  else if (f.nfseSenha !== '') nfse.senha = f.nfseSenha;

  const input: ConfiguracaoFiscalEntrada = {
    ambiente: f.texts.ambiente,
    seriePadrao: integer('seriePadrao'),
    series: series && !localErrors.some((l) => l.campo === 'series') ? series.map(Number) : null,
    emissaoAutomatica: f.emissaoAutomatica,
    timeoutSegundos: integer('timeoutSegundos'),
    prazosCancelamento,
    vencimentos,
    aliquotasReferencia: f.aliquotasReferencia.map((row, i) => {
      const ano = row.ano.trim();
      if (!/^\d{4}$/.test(ano)) localErrors.push({ campo: `aliquotasReferencia[${i}].ano`, regra: 'tipo', erro: 'um ano, como 2029' });
      const rate = (key: (typeof RATE_KEYS)[number]) => {
        const text = row[key].trim().replace(',', '.');
        if (text === '') return null;
        if (!/^\d+(\.\d+)?$/.test(text)) localErrors.push({ campo: `aliquotasReferencia[${i}].${key}`, regra: 'tipo', erro: 'um percentual, como 8,8' });
        return Number(text);
      };
      return { ano: Number(ano), cbs: rate('cbs'), ibsUf: rate('ibsUf'), ibsMun: rate('ibsMun') };
    }),
    empresa,
    nfse,
  };
  if (f.removerCertificado) input.certificadoA1 = null;
  else if (f.certificateFile) input.certificadoA1 = { arquivoBase64: f.certificateFile.base64, senha: f.certificatePassword };
  return { input, localErrors };
}

/** Where each certificate refusal belongs in the form. */
export const CERTIFICATE_REFUSAL_FIELD: Record<string, string> = {
  CERTIFICADO_SENHA_INVALIDA: 'certificadoA1.senha',
  CERTIFICADO_FORMATO_INVALIDO: 'certificadoA1.arquivoBase64',
  CERTIFICADO_SEM_CHAVE_PRIVADA: 'certificadoA1.arquivoBase64',
  CERTIFICADO_EXPIRADO: 'certificadoA1.arquivoBase64',
  CERTIFICADO_AINDA_NAO_VALIDO: 'certificadoA1.arquivoBase64',
  CERTIFICADO_SEM_CNPJ: 'certificadoA1.arquivoBase64',
  CERTIFICADO_CNPJ_DIVERGENTE: 'certificadoA1.arquivoBase64',
};
