import type { FieldError } from '../../api/field-errors';
import type { EmitirDocumentoFiscalInput, EnderecoDestinatarioInput, ModeloDocumento } from '../../api/operations/documents';

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
  referencia: string;
  serie: string;
  recipient: RecipientForm;
  address: AddressForm;
  itens: ItemForm[];
  competencia: string;
  chaveCte: string;
  chavesNfe: string;
}

/** An NF-e or NFC-e carries goods: NCM on each item and the recipient's address. */
export const carriesGoods = (modelo: ModeloDocumento) => modelo === 'NFE' || modelo === 'NFCE';

const optional = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The GraphQL input of the form, and the numbers that are not numbers (GraphQL's Float would refuse them before
 * any rule of the service, which checks everything else and names each field it refuses).
 */
export function issueInput(form: IssueForm): { input: EmitirDocumentoFiscalInput; localErrors: FieldError[] } {
  const localErrors: FieldError[] = [];
  const number = (text: string, campo: string, required: boolean): number | null => {
    const clean = text.trim().replace(',', '.');
    if (clean === '') {
      if (required) localErrors.push({ campo, regra: 'obrigatorio', erro: `${campo} é obrigatório` });
      return null;
    }
    const n = Number(clean);
    if (!Number.isFinite(n)) localErrors.push({ campo, regra: 'tipo', erro: `${campo} deve ser um número` });
    return Number.isFinite(n) ? n : null;
  };
  const { modelo, recipient, address } = form;
  const goods = carriesGoods(modelo);
  const service = modelo === 'NFSE';
  // Sent only when a field of it is filled in: the service then checks it as a whole. A blank required box goes as
  // null, as typed: GraphQL refuses it by name before the service's rules.
  const addressTyped = goods && Object.values(address).some((v) => v.trim() !== '');
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
            endereco: addressTyped ? (Object.fromEntries(Object.entries(address).map(([k, v]) => [k, optional(v)])) as EnderecoDestinatarioInput) : null,
          },
    itens: form.itens.map((item, i) => ({
      codigo: item.codigo,
      descricao: item.descricao,
      quantidade: number(item.quantidade, `itens[${i}].quantidade`, true) ?? 0,
      valorUnitario: number(item.valorUnitario, `itens[${i}].valorUnitario`, true) ?? 0,
      unidade: optional(item.unidade),
      ncm: goods ? optional(item.ncm) : null,
      cfop: !service ? optional(item.cfop) : null,
      cst: !service ? optional(item.cst) : null,
      csosn: !service ? optional(item.csosn) : null,
      codigoServico: service ? optional(item.codigoServico) : null,
      aliquotaIss: service ? number(item.aliquotaIss, `itens[${i}].aliquotaIss`, false) : null,
    })),
    competencia: service ? optional(form.competencia) : null,
    chaveCteReferenciada: modelo === 'NFE' ? optional(form.chaveCte) : null,
    chavesNfeTransportadas: modelo === 'CTE' ? form.chavesNfe.split(/\s+/).filter(Boolean) : null,
  };
  return { input, localErrors };
}
