import type { FieldError } from '../../api/field-errors';
import type { EmitirDocumentoFiscalInput, EnderecoDestinatarioInput, ModeloDocumento } from '../../api/operations/documents';
import { cteFieldLabel, cteInput, emptyCte, type CteForm } from './cte-input';
import { cteOsFieldLabel, cteOsInput, emptyCteOs, takerFindings, type CteOsForm } from './cte-os-input';
import { emptyPayment, paymentFieldLabel, paymentsInput, type PagamentoForm } from './payment-input';
import { codeDigits, parseDecimalBR } from '../../numbers-br';

export { emptyCte, emptyCteOs };

export type SimplesForm = { anexo: string; receita: string };
export const emptySimples = (): SimplesForm => ({ anexo: '', receita: '' });

/** The issue form keeps what was typed, as text, until it is sent. */
export interface ItemForm {
  codigo: string;
  descricao: string;
  quantidade: string;
  valorUnitario: string;
  unidade: string;
  ncm: string;
  cfop: string;
  cst: string;
  csosn: string;
  codigoServico: string;
  aliquotaIss: string;
}

export const emptyItem = (): ItemForm => ({ codigo: '', descricao: '', quantidade: '1', valorUnitario: '', unidade: '', ncm: '', cfop: '', cst: '', csosn: '', codigoServico: '', aliquotaIss: '' });

export type RecipientForm = Record<'documento' | 'nome' | 'uf' | 'codigoMunicipio' | 'inscricaoEstadual', string>;
export const emptyRecipient = (): RecipientForm => ({ documento: '', nome: '', uf: '', codigoMunicipio: '', inscricaoEstadual: '' });

export type AddressField = keyof EnderecoDestinatarioInput;
export type AddressForm = Record<AddressField, string>;
export const emptyAddress = (): AddressForm => ({ logradouro: '', numero: '', complemento: '', bairro: '', municipio: '', cep: '', telefone: '' });

export interface IssueForm {
  modelo: ModeloDocumento;
  /** NF-e modFrete as typed ('' = the API's default). */
  modalidadeFrete: string;
  referencia: string;
  serie: string;
  recipient: RecipientForm;
  address: AddressForm;
  itens: ItemForm[];
  competencia: string;
  chaveCte: string;
  chavesNfe: string;
  /** The issuer's Simples band (anexo I / II, revenue of 12 months), asked when an item has CSOSN 101 or 201. */
  simples?: SimplesForm;
  /** NFC-e means of payment (none typed: the service's default, 99 for the total). */
  pagamentos: PagamentoForm[];
  /** CT-e model 57 rodoviário: the transport group. */
  cte: CteForm;
  /** A CT-e OS (model 67): modelo CTE sent with `cteOs` instead of `cte` (cte-os-input.ts). */
  os: boolean;
  cteOs: CteOsForm;
  /** NFS-e: the key of the NFS-e this one replaces (`chaveNfseSubstituida`), and that one's number when known. */
  chaveNfseSubstituida?: string;
  substituida?: { numero: number; serie: number } | null;
}

/** An NF-e or NFC-e carries goods: NCM on each item and the recipient's address. */
/** A blank form (an NF-e), with a new referência: one document per referência, so a new form never answers an old one. */
export const newIssueForm = (): IssueForm => ({
  modelo: 'NFE',
  modalidadeFrete: '',
  referencia: `ADM-${Date.now().toString(36).toUpperCase()}`,
  serie: '',
  recipient: emptyRecipient(),
  address: emptyAddress(),
  itens: [emptyItem()],
  competencia: '',
  chaveCte: '',
  chavesNfe: '',
  simples: emptySimples(),
  pagamentos: [emptyPayment()],
  cte: emptyCte(),
  os: false,
  cteOs: emptyCteOs(),
});

export const carriesGoods = (modelo: ModeloDocumento) => modelo === 'NFE' || modelo === 'NFCE';
/** The recipient's address: the goods documents and the CT-e (its dest/enderDest). */
export const takesAddress = (modelo: ModeloDocumento) => carriesGoods(modelo) || modelo === 'CTE';

const optional = (text: string) => (text.trim() === '' ? null : text.trim());

/** The address as typed: the required boxes as text (blank ones empty, refused by name), the optional ones null when blank. */
function addressInput(address: AddressForm): EnderecoDestinatarioInput {
  const { complemento, telefone, logradouro, numero, bairro, municipio, cep } = address;
  return { logradouro: logradouro.trim(), numero: numero.trim(), bairro: bairro.trim(), municipio: municipio.trim(), cep: cep.trim(), complemento: optional(complemento), telefone: optional(telefone) };
}

/** CSOSN 101 / 201 carry the buyer's credit (pCredSN), which the service computes from the issuer's Simples band. */
export const needsSimplesBand = (itens: ItemForm[]) => itens.some((item) => ['101', '201'].includes(item.csosn.trim()));

/** A centavo-exact item value: quantity x unit price rounded half up (the service's rule), for the running total. */
export function runningTotal(itens: ItemForm[]): number | null {
  let centavos = 0;
  for (const item of itens) {
    const q = parseDecimalBR(item.quantidade);
    const v = parseDecimalBR(item.valorUnitario);
    if (q == null || v == null) return null;
    centavos += Math.round(q * v * 100 + 1e-9);
  }
  return centavos / 100;
}

/** NF-e modFrete, by what it means. */
export const MODALIDADES_FRETE: [string, string][] = [
  ['', 'Padrão (sem frete; por conta do emitente quando há CT-e)'],
  ['0', '0 — Por conta do emitente (CIF)'],
  ['1', '1 — Por conta do destinatário (FOB)'],
  ['2', '2 — Por conta de terceiros'],
  ['3', '3 — Transporte próprio do emitente'],
  ['4', '4 — Transporte próprio do destinatário'],
  ['9', '9 — Sem transporte'],
];

const ITEM_LABELS: Record<string, string> = {
  codigo: 'Código',
  descricao: 'Descrição',
  quantidade: 'Quantidade',
  valorUnitario: 'Valor unitário',
  unidade: 'Unidade',
  ncm: 'NCM',
  cfop: 'CFOP',
  cst: 'CST',
  csosn: 'CSOSN',
  cest: 'CEST',
  codigoServico: 'Código de serviço',
  aliquotaIss: 'Alíquota ISS',
};
const LABELS: Record<string, string> = {
  modelo: 'Modelo',
  serie: 'Série',
  referencia: 'Referência',
  competencia: 'Competência',
  chaveNfseSubstituida: 'Chave da NFS-e substituída',
  chaveCteReferenciada: 'Chave do CT-e do frete',
  chavesNfeTransportadas: 'Chaves das NF-e transportadas',
  modalidadeFrete: 'Frete',
  itens: 'Itens',
  destinatario: 'Destinatário',
  'destinatario.documento': 'CNPJ ou CPF do destinatário',
  'destinatario.nome': 'Nome do destinatário',
  'destinatario.uf': 'UF do destinatário',
  'destinatario.codigoMunicipio': 'Município (IBGE) do destinatário',
  'destinatario.inscricaoEstadual': 'Inscrição estadual do destinatário',
  'destinatario.endereco': 'Endereço do destinatário',
  'destinatario.endereco.logradouro': 'Logradouro',
  'destinatario.endereco.numero': 'Número do endereço',
  'destinatario.endereco.complemento': 'Complemento',
  'destinatario.endereco.bairro': 'Bairro',
  'destinatario.endereco.municipio': 'Município (nome)',
  'destinatario.endereco.cep': 'CEP',
  'destinatario.endereco.telefone': 'Telefone',
  simplesNacional: 'Faixa do Simples Nacional',
  'simplesNacional.anexo': 'Anexo do Simples Nacional',
  'simplesNacional.receitaBruta12Meses': 'Receita bruta dos últimos 12 meses',
};

/** The label a person reads for a field the API names ("itens[0].ncm" is "Item 1: NCM"). */
export function issueFieldLabel(campo: string): string {
  const item = /^itens\[(\d+)\](?:\.(\w+))?/.exec(campo);
  if (item) return `Item ${Number(item[1]) + 1}${item[2] ? `: ${ITEM_LABELS[item[2]] ?? item[2]}` : ''}`;
  return LABELS[campo] ?? paymentFieldLabel(campo) ?? cteFieldLabel(campo) ?? cteOsFieldLabel(campo) ?? campo;
}

/**
 * The GraphQL input of the form, and the numbers that are not numbers (GraphQL's Float would refuse them before
 * any rule of the service, which checks everything else and names each field it refuses).
 */
export function issueInput(form: IssueForm): { input: EmitirDocumentoFiscalInput; localErrors: FieldError[] } {
  const localErrors: FieldError[] = [];
  // A number that is not one is sent as -1, which the service refuses by name with everything else wrong: one
  // round of errors (the page's own message for that field replaces the service's).
  const number = (text: string, campo: string, required: boolean): number | null => {
    const n = parseDecimalBR(text);
    if (n === null) {
      if (required) localErrors.push({ campo, regra: 'obrigatorio', erro: 'é obrigatório' });
      return required ? -1 : null;
    }
    if (n === undefined) {
      localErrors.push({ campo, regra: 'tipo', erro: 'deve ser um número, como 1.200,00' });
      return -1;
    }
    return n;
  };
  const { modelo, recipient, address } = form;
  const goods = carriesGoods(modelo);
  const service = modelo === 'NFSE';
  // Sent only when a field of it is filled in: the service then checks it as a whole. A blank required box goes as
  // an empty text (null would be refused by GraphQL's types, in its words, before the service names the field).
  const cte = modelo === 'CTE';
  const os = cte && form.os;
  const addressTyped = takesAddress(modelo) && Object.values(address).some((v) => v.trim() !== '');
  const input: EmitirDocumentoFiscalInput = {
    referencia: form.referencia,
    modelo,
    serie: number(form.serie, 'serie', false),
    destinatario:
      recipient.documento.trim() === ''
        ? null
        : {
            documento: recipient.documento.trim(),
            nome: optional(recipient.nome),
            uf: optional(recipient.uf),
            codigoMunicipio: optional(recipient.codigoMunicipio),
            inscricaoEstadual: optional(recipient.inscricaoEstadual),
            endereco: addressTyped ? addressInput(address) : null,
          },
    itens: form.itens.map((item, i) => ({
      codigo: item.codigo,
      descricao: item.descricao,
      quantidade: number(item.quantidade, `itens[${i}].quantidade`, true) ?? -1,
      valorUnitario: number(item.valorUnitario, `itens[${i}].valorUnitario`, true) ?? -1,
      unidade: optional(item.unidade),
      ncm: goods ? optional(codeDigits(item.ncm)) : null,
      // A CT-e's components all carry the transport CFOP of its group.
      cfop: cte ? optional(os ? form.cteOs.cfop : form.cte.cfop) : !service ? optional(item.cfop) : null,
      cst: !service ? optional(item.cst) : null,
      csosn: !service ? optional(item.csosn) : null,
      codigoServico: service ? optional(item.codigoServico) : null,
      aliquotaIss: service ? number(item.aliquotaIss, `itens[${i}].aliquotaIss`, false) : null,
    })),
    competencia: service ? optional(form.competencia) : null,
    // The key as the API takes it: its digits (or the ABRASF <IBGE>-<number>-<code>) without the spaces of reading.
    chaveNfseSubstituida: service ? optional((form.chaveNfseSubstituida ?? '').replace(/\s/g, '')) : null,
    chaveCteReferenciada: modelo === 'NFE' ? optional(form.chaveCte) : null,
    chavesNfeTransportadas: cte && !os ? form.chavesNfe.split(/\s+/).filter(Boolean) : null,
    modalidadeFrete: modelo === 'NFE' && form.modalidadeFrete !== '' ? Number(form.modalidadeFrete) : null,
    simplesNacional:
      goods && needsSimplesBand(form.itens)
        ? { anexo: form.simples?.anexo ?? '', receitaBruta12Meses: number(form.simples?.receita ?? '', 'simplesNacional.receitaBruta12Meses', true) ?? -1 }
        : null,
    pagamentos: modelo === 'NFCE' ? paymentsInput(form.pagamentos, number) : null,
    cte: cte && !os ? cteInput(form.cte, number) : null,
  };
  if (input.simplesNacional && input.simplesNacional.anexo === '') localErrors.push({ campo: 'simplesNacional.anexo', regra: 'obrigatorio', erro: 'é obrigatório' });
  if (os) {
    const { cteOs, localErrors: own } = cteOsInput(form.cteOs);
    input.cteOs = cteOs;
    localErrors.push(...own, ...takerFindings(recipient, addressTyped));
  }
  return { input, localErrors };
}
