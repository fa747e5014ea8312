import type { FieldError } from '../../api/field-errors';
import type { CteOsInput, FretamentoCteOs, ModeloDocumento, TipoServicoCteOs } from '../../api/generated';
import { emptyMunicipio, municipioInput, partLabel, type MunicipioForm } from './cte-input';
import { MODELOS } from './document-labels';

/**
 * The CT-e OS (model 67, passenger transport by road) in the issue form. The API has no model value of its own for
 * it (docs/cte.md: `modelo: CTE` with the group `cteOs` instead of `cte`), so the form offers it as a model of its
 * own, "CT-e OS (67)", and sends CTE + cteOs. Its taker (toma) is the form's recipient, named in full.
 */

/** How the fare's authority is named (rodoOS's choice): the ANTT's TAF (interstate) or the state agency's registration. */
export type AutorizacaoOs = 'taf' | 'registroEstadual';

export interface CteOsForm {
  tipoServico: TipoServicoCteOs;
  inicio: MunicipioForm;
  fim: MunicipioForm;
  descricaoServico: string;
  quantidadePassageiros: string;
  autorizacao: AutorizacaoOs;
  /** The TAF's 12 digits or the registration's 25, by `autorizacao`. */
  numeroAutorizacao: string;
  placa: string;
  ufVeiculo: string;
  /** '' (not said), EVENTUAL or CONTINUO. */
  fretamento: '' | FretamentoCteOs;
  /** The transport CFOP, the same on every component of the value. */
  cfop: string;
}

export const emptyCteOs = (): CteOsForm => ({
  tipoServico: 'TRANSPORTE_PESSOAS',
  inicio: emptyMunicipio(),
  fim: emptyMunicipio(),
  descricaoServico: '',
  quantidadePassageiros: '',
  autorizacao: 'taf',
  numeroAutorizacao: '',
  placa: '',
  ufVeiculo: '',
  fretamento: '',
  cfop: '',
});

/** The service types the service issues (tpServ 6); transporte de valores (7) and excesso de bagagem (8) are refused by it. */
export const TIPOS_SERVICO_OS: [TipoServicoCteOs, string][] = [['TRANSPORTE_PESSOAS', 'Transporte de pessoas (fretamento)']];
export const FRETAMENTOS: ['' | FretamentoCteOs, string][] = [
  ['', 'Não informado'],
  ['EVENTUAL', 'Eventual (uma viagem)'],
  ['CONTINUO', 'Contínuo (viagens regulares contratadas)'],
];
/** The choice (a radio), the number's label (also the summary's) and its help. */
export const AUTORIZACOES: [AutorizacaoOs, string, string, string][] = [
  ['taf', 'TAF da ANTT (interestadual)', 'Número do TAF', 'Termo de Autorização de Fretamento: 12 dígitos.'],
  ['registroEstadual', 'Registro na agência estadual (intermunicipal)', 'Número do registro estadual', '25 dígitos.'],
];

/** The model select of the issue form: the API's models, and the CT-e OS beside the CT-e. */
export type ModeloEmissao = ModeloDocumento | 'CTEOS';
export const MODELOS_EMISSAO: [ModeloEmissao, string][] = Object.entries(MODELOS).flatMap(([value, label]) =>
  value === 'CTE' ? [[value as ModeloEmissao, label], ['CTEOS', 'CT-e OS (67) — transporte de passageiros']] : [[value as ModeloEmissao, label]],
);

const whole = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim().replace(/\./g, '')) ? Number(text.trim().replace(/\./g, '')) : undefined);
const digits = (text: string) => text.replace(/\D/g, '');

/**
 * The GraphQL `cteOs` group and the page's own findings (a passengers count that is not a whole number, no
 * authorization number typed), each named as the person reads it; those fields go so that the service refuses them
 * too (-1, blank), never issued without them, and its other refusals come in the same round.
 */
export function cteOsInput(form: CteOsForm): { cteOs: CteOsInput; localErrors: FieldError[] } {
  const localErrors: FieldError[] = [];
  const q = whole(form.quantidadePassageiros);
  if (q === undefined) localErrors.push({ campo: 'cteOs.quantidadePassageiros', regra: 'tipo', erro: 'deve ser um número inteiro de passageiros, como 40' });
  const numero = digits(form.numeroAutorizacao);
  if (numero === '') localErrors.push({ campo: `cteOs.${form.autorizacao}`, regra: 'obrigatorio', erro: 'é obrigatório' });
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    cteOs: {
      tipoServico: form.tipoServico,
      modal: 'RODOVIARIO',
      inicio: municipioInput(form.inicio),
      fim: municipioInput(form.fim),
      descricaoServico: form.descricaoServico.trim(),
      quantidadePassageiros: q === undefined ? -1 : q,
      taf: form.autorizacao === 'taf' ? optional(numero) : null,
      registroEstadual: form.autorizacao === 'registroEstadual' ? optional(numero) : null,
      placa: optional(form.placa),
      ufVeiculo: optional(form.ufVeiculo),
      fretamento: form.fretamento === '' ? null : form.fretamento,
    },
    localErrors,
  };
}

const OS_LABELS: Record<string, string> = {
  cteOs: 'Transporte de passageiros (CT-e OS)',
  'cteOs.tipoServico': 'Tipo de serviço',
  'cteOs.modal': 'Modal',
  'cteOs.descricaoServico': 'Descrição do serviço',
  'cteOs.quantidadePassageiros': 'Quantidade de passageiros',
  'cteOs.taf': AUTORIZACOES[0][2],
  'cteOs.registroEstadual': AUTORIZACOES[1][2],
  'cteOs.placa': 'Placa do veículo',
  'cteOs.ufVeiculo': 'UF do veículo',
  'cteOs.fretamento': 'Fretamento',
  'cteOs.cfop': 'CFOP do transporte',
};
const PLACES: Record<string, string> = { inicio: 'Início da prestação', fim: 'Fim da prestação' };

/** "cteOs.inicio.uf" is "Início da prestação: UF", "cteOs.taf" is "Número do TAF"; null when not a CT-e OS field. */
export function cteOsFieldLabel(campo: string): string | null {
  if (OS_LABELS[campo]) return OS_LABELS[campo];
  const m = /^cteOs\.(inicio|fim)\.(\w+)$/.exec(campo);
  if (m) return partLabel(PLACES[m[1]], m[2]);
  return campo.startsWith('cteOs.') ? campo.slice(6) : null;
}

/** In a CT-e OS the recipient is the taker (toma): "Tomador: CEP" rather than the recipient's labels. */
export function takerLabel(campo: string, label: string): string {
  if (campo === 'destinatario') return 'Tomador';
  if (campo === 'destinatario.endereco') return 'Tomador: Endereço';
  const m = /^destinatario(?:\.endereco)?\.(\w+)$/.exec(campo);
  return m ? partLabel('Tomador', m[1]) : label;
}

/**
 * The taker named in full (the service's `obrigatorio_cte` on `destinatario.endereco`), said in words before the
 * service's own message, which names its keys.
 */
export function takerFindings(recipient: { nome: string; codigoMunicipio: string; uf: string }, addressTyped: boolean): FieldError[] {
  if (recipient.nome.trim() && recipient.codigoMunicipio.trim() && recipient.uf.trim() && addressTyped) return [];
  return [{ campo: 'destinatario.endereco', regra: 'obrigatorio_cte', erro: 'no CT-e OS o tomador vai por inteiro: nome, UF, município (IBGE) e endereço' }];
}
