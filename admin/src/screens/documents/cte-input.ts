import type { CteInput, ParteCteInput, TomadorCte } from '../../api/generated';
import type { AddressForm } from './issue-input';

/** Where a CT-e service starts or ends: the IBGE code, the city's name and its UF. */
export type MunicipioForm = Record<'codigoMunicipio' | 'municipio' | 'uf', string>;
/** A party of the CT-e (rem, exped, receb, toma4) as typed: document, name, IE, UF, IBGE city and its address. */
export type ParteForm = Record<'documento' | 'nome' | 'inscricaoEstadual' | 'uf' | 'codigoMunicipio', string> & { endereco: AddressForm };
/** The parties the form names, as the API's `cte` group keys them. */
export type ParteCte = 'remetente' | 'expedidor' | 'recebedor' | 'outroTomador';
/** The parties a CT-e may carry whoever pays: the shipper (exped) and the receiver (receb). */
export type ParteAdicional = 'expedidor' | 'recebedor';

/** The CT-e model 57 rodoviário group of the issue form, as typed. */
export interface CteForm {
  tomador: TomadorCte;
  /** The sender, always; the shipper, the receiver or the other taker when the tomador names them (or when ticked). */
  partes: Record<ParteCte, ParteForm>;
  /** "Há expedidor" / "Há recebedor": that party is in the transport although someone else pays. */
  adicionais: Record<ParteAdicional, boolean>;
  inicio: MunicipioForm;
  fim: MunicipioForm;
  valorCarga: string;
  produtoPredominante: string;
  pesoKg: string;
  rntrc: string;
  /** The transport CFOP, the same on every component of the value (5351-5360, 6351-6360, ...). */
  cfop: string;
}

export const emptyMunicipio = (): MunicipioForm => ({ codigoMunicipio: '', municipio: '', uf: '' });
const emptyParte = (): ParteForm => ({
  documento: '',
  nome: '',
  inscricaoEstadual: '',
  uf: '',
  codigoMunicipio: '',
  endereco: { logradouro: '', numero: '', complemento: '', bairro: '', municipio: '', cep: '', telefone: '' },
});

export const emptyCte = (): CteForm => ({
  tomador: 'REMETENTE',
  partes: { remetente: emptyParte(), expedidor: emptyParte(), recebedor: emptyParte(), outroTomador: emptyParte() },
  adicionais: { expedidor: false, recebedor: false },
  inicio: emptyMunicipio(),
  fim: emptyMunicipio(),
  valorCarga: '',
  produtoPredominante: '',
  pesoKg: '',
  rntrc: '',
  cfop: '',
});

/** Who pays for the service: toma3 0-3, or toma4 (another party, with its own address). */
export const TOMADORES: [TomadorCte, string][] = [
  ['REMETENTE', 'Remetente'],
  ['EXPEDIDOR', 'Expedidor'],
  ['RECEBEDOR', 'Recebedor'],
  ['DESTINATARIO', 'Destinatário'],
  ['OUTROS', 'Outro (um terceiro)'],
];

/** The party each tomador adds to the form (the sender is always there; the recipient is the form's own). */
export const PARTE_DO_TOMADOR: Partial<Record<TomadorCte, ParteCte>> = { EXPEDIDOR: 'expedidor', RECEBEDOR: 'recebedor', OUTROS: 'outroTomador' };

/** The parties the form shows and sends beside the sender: the tomador's own, and the shipper / receiver ticked. */
export function partesPresentes(form: Pick<CteForm, 'tomador' | 'adicionais'>): ParteCte[] {
  const doTomador = PARTE_DO_TOMADOR[form.tomador];
  const adicionais = (['expedidor', 'recebedor'] as const).filter((p) => form.adicionais[p] && p !== doTomador);
  return doTomador ? [doTomador, ...adicionais] : adicionais;
}

/** Each party by the name a person reads (fieldsets and the error summary). */
export const PARTES: Record<ParteCte, string> = { remetente: 'Remetente', expedidor: 'Expedidor', recebedor: 'Recebedor', outroTomador: 'Tomador (outro)' };

const optional = (text: string) => (text.trim() === '' ? null : text.trim());

/** A party as the API takes it. The address's required texts go as typed (blank too): the service names each; GraphQL would refuse a null first. */
function parteInput(p: ParteForm): ParteCteInput {
  const e = p.endereco;
  const endereco = { logradouro: e.logradouro.trim(), numero: e.numero.trim(), bairro: e.bairro.trim(), municipio: e.municipio.trim(), cep: e.cep.trim(), complemento: optional(e.complemento), telefone: optional(e.telefone) };
  return { documento: p.documento.trim(), nome: p.nome.trim(), inscricaoEstadual: optional(p.inscricaoEstadual), uf: p.uf.trim(), codigoMunicipio: p.codigoMunicipio.trim(), endereco };
}

export const municipioInput = (m: MunicipioForm) => ({ codigoMunicipio: m.codigoMunicipio.trim(), municipio: m.municipio.trim(), uf: m.uf.trim() });

/**
 * The GraphQL `cte` group. Numbers are read as typed in Brazil by the form's `number` (a number that is not one is
 * sent as -1 and named by the form, as the items' are); texts go as typed for the service's rules to name. The
 * tomador's own party (exped, receb, toma4) goes with it, and the shipper / receiver ticked as present; no other.
 */
export function cteInput(form: CteForm, number: (text: string, campo: string, required: boolean) => number | null): CteInput {
  const partes = Object.fromEntries(partesPresentes(form).map((p) => [p, parteInput(form.partes[p])]));
  return {
    modal: 'RODOVIARIO',
    tomador: form.tomador,
    remetente: parteInput(form.partes.remetente),
    ...partes,
    inicio: municipioInput(form.inicio),
    fim: municipioInput(form.fim),
    valorCarga: number(form.valorCarga, 'cte.valorCarga', true) ?? -1,
    produtoPredominante: form.produtoPredominante.trim(),
    pesoKg: number(form.pesoKg, 'cte.pesoKg', true) ?? -1,
    rntrc: form.rntrc.trim(),
  };
}

const PARTS: Record<string, string> = {
  documento: 'CNPJ ou CPF',
  nome: 'Nome',
  inscricaoEstadual: 'Inscrição estadual',
  uf: 'UF',
  codigoMunicipio: 'Município (IBGE)',
  municipio: 'Município (nome)',
  logradouro: 'Logradouro',
  numero: 'Número',
  complemento: 'Complemento',
  bairro: 'Bairro',
  cep: 'CEP',
  telefone: 'Telefone',
};
const CTE_LABELS: Record<string, string> = {
  cte: 'Transporte (CT-e)',
  'cte.tomador': 'Tomador do serviço',
  'cte.modal': 'Modal',
  'cte.valorCarga': 'Valor da carga',
  'cte.produtoPredominante': 'Produto predominante',
  'cte.pesoKg': 'Peso bruto (kg)',
  'cte.rntrc': 'RNTRC',
  'cte.cfop': 'CFOP do transporte',
};
const PLACES: Record<string, string> = { inicio: 'Início da prestação', fim: 'Fim da prestação' };

/** "Remetente: CEP", "Início da prestação: UF" for a party's or a place's part (`endereco.` or not); null otherwise. */
export function partLabel(who: string, part: string): string {
  return `${who}: ${PARTS[part] ?? part}`;
}

/** "cte.expedidor.endereco.cep" is "Expedidor: CEP", "cte.inicio.uf" is "Início da prestação: UF"; null when not a CT-e field. */
export function cteFieldLabel(campo: string): string | null {
  if (CTE_LABELS[campo]) return CTE_LABELS[campo];
  const whole = /^cte\.(remetente|expedidor|recebedor|outroTomador)$/.exec(campo);
  if (whole) return PARTES[whole[1] as ParteCte];
  const m = /^cte\.(remetente|expedidor|recebedor|outroTomador|inicio|fim)(?:\.endereco)?\.(\w+)$/.exec(campo);
  if (!m) return campo.startsWith('cte.') ? campo.slice(4) : null;
  return partLabel(PARTES[m[1] as ParteCte] ?? PLACES[m[1]], m[2]);
}
