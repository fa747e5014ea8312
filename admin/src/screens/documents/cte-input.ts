import type { CteInput, TomadorCte } from '../../api/generated';
import type { AddressForm } from './issue-input';

/** Where a CT-e service starts or ends: the IBGE code, the city's name and its UF. */
export type MunicipioForm = Record<'codigoMunicipio' | 'municipio' | 'uf', string>;
export type RemetenteForm = Record<'documento' | 'nome' | 'inscricaoEstadual' | 'uf' | 'codigoMunicipio', string>;

/** The CT-e model 57 rodoviário group of the issue form, as typed. */
export interface CteForm {
  tomador: TomadorCte;
  remetente: RemetenteForm;
  remetenteEndereco: AddressForm;
  inicio: MunicipioForm;
  fim: MunicipioForm;
  valorCarga: string;
  produtoPredominante: string;
  pesoKg: string;
  rntrc: string;
  /** The transport CFOP, the same on every component of the value (5351-5360, 6351-6360, ...). */
  cfop: string;
}

const municipio = (): MunicipioForm => ({ codigoMunicipio: '', municipio: '', uf: '' });

export const emptyCte = (): CteForm => ({
  tomador: 'REMETENTE',
  remetente: { documento: '', nome: '', inscricaoEstadual: '', uf: '', codigoMunicipio: '' },
  remetenteEndereco: { logradouro: '', numero: '', complemento: '', bairro: '', municipio: '', cep: '', telefone: '' },
  inicio: municipio(),
  fim: municipio(),
  valorCarga: '',
  produtoPredominante: '',
  pesoKg: '',
  rntrc: '',
  cfop: '',
});

/** Who pays for the service (toma3): the two the service issues. */
export const TOMADORES: [TomadorCte, string][] = [
  ['REMETENTE', 'Remetente'],
  ['DESTINATARIO', 'Destinatário'],
];

const optional = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The GraphQL `cte` group. Numbers are read as typed in Brazil by the form's `number` (a number that is not one is
 * sent as -1 and named by the form, as the items' are); texts go as typed for the service's rules to name.
 */
export function cteInput(form: CteForm, number: (text: string, campo: string, required: boolean) => number | null): CteInput {
  const r = form.remetente;
  // The address's required texts go as typed (blank too): the service names each; GraphQL would refuse a null first.
  const e = form.remetenteEndereco;
  const endereco = { logradouro: e.logradouro.trim(), numero: e.numero.trim(), bairro: e.bairro.trim(), municipio: e.municipio.trim(), cep: e.cep.trim(), complemento: optional(e.complemento), telefone: optional(e.telefone) };
  return {
    modal: 'RODOVIARIO',
    tomador: form.tomador,
    remetente: { documento: r.documento.trim(), nome: r.nome.trim(), inscricaoEstadual: optional(r.inscricaoEstadual), uf: r.uf.trim(), codigoMunicipio: r.codigoMunicipio.trim(), endereco },
    inicio: { codigoMunicipio: form.inicio.codigoMunicipio.trim(), municipio: form.inicio.municipio.trim(), uf: form.inicio.uf.trim() },
    fim: { codigoMunicipio: form.fim.codigoMunicipio.trim(), municipio: form.fim.municipio.trim(), uf: form.fim.uf.trim() },
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

/** "cte.remetente.endereco.cep" is "Remetente: CEP", "cte.inicio.uf" is "Início da prestação: UF"; null when not a CT-e field. */
export function cteFieldLabel(campo: string): string | null {
  if (CTE_LABELS[campo]) return CTE_LABELS[campo];
  const m = /^cte\.(remetente|inicio|fim)(?:\.endereco)?\.(\w+)$/.exec(campo);
  if (!m) return campo.startsWith('cte.') ? campo.slice(4) : null;
  const who = { remetente: 'Remetente', inicio: 'Início da prestação', fim: 'Fim da prestação' }[m[1] as 'remetente'];
  return `${who}: ${PARTS[m[2]] ?? m[2]}`;
}
