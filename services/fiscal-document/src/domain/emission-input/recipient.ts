import type { ModeloDocumento } from '@erp/contracts';
import { cnpjProblem, cpfProblem, cUfFromSigla, ehObjeto, lerEndereco, lerInscricaoEstadual, lerTexto, municipioProblem, normalizeCnpj, normalizeCpf, vazio, type CamposInvalidos } from '@erp/fiscal-rules';
import { lerExterior } from './foreign';
import type { DestinatarioValido, EnderecoDestinatario } from './types';

/**
 * The recipient, and its UF apart: the operation's reach (the CFOP's first digit) depends only on the UF, so
 * another invalid recipient field must not hide a wrong CFOP. `uf` undefined: given but invalid.
 */
export interface DestinatarioLido {
  valido: DestinatarioValido | null;
  uf: string | null | undefined;
}

export function lerDestinatario(erros: CamposInvalidos, valor: unknown, modelo: ModeloDocumento): DestinatarioLido {
  const campo = 'destinatario';
  if (vazio(valor)) {
    // An NFC-e may go to an anonymous consumer; every other model names its recipient.
    if (modelo !== 'NFCE') erros.add(campo, 'obrigatorio', 'obrigatório (exceto NFC-e)');
    return { valido: null, uf: null };
  }
  if (!ehObjeto(valor)) return { valido: erros.add(campo, 'tipo', 'deve ser um objeto') ?? null, uf: null };
  let uf: string | null | undefined = null;
  if (!vazio(valor.uf)) {
    const sigla = typeof valor.uf === 'string' ? valor.uf.trim().toUpperCase() : '';
    if (sigla === 'EX' || cUfFromSigla(sigla) !== null) uf = sigla;
    else uf = erros.add(`${campo}.uf`, 'uf_inexistente', 'deve ser a sigla de uma unidade da federação (ou EX, exterior)');
  }
  if (uf === 'EX') return { valido: lerDestinatarioExterior(erros, valor, modelo), uf };
  if (!vazio(valor.exterior)) erros.add(`${campo}.exterior`, 'somente_exterior', 'só se aplica a destinatário no exterior (uf EX)');
  const [documento, tipoDocumento] = lerDocumento(erros, valor.documento, modelo);
  const nome = lerTexto(erros, valor.nome, `${campo}.nome`, { max: 60, min: 2 });
  let codigoMunicipio: string | null = null;
  if (!vazio(valor.codigoMunicipio)) {
    const codigo = typeof valor.codigoMunicipio === 'string' ? valor.codigoMunicipio.trim() : '';
    const problema = municipioProblem(codigo);
    if (problema) erros.add(`${campo}.codigoMunicipio`, `municipio_${problema}`, 'deve ser um código IBGE de 7 dígitos válido');
    else codigoMunicipio = codigo;
  }
  const inscricaoEstadual = lerInscricaoEstadual(erros, valor.inscricaoEstadual, `${campo}.inscricaoEstadual`);
  const endereco = lerEnderecoDestinatario(erros, valor.endereco, uf, !vazio(valor.codigoMunicipio));
  const valido =
    documento === null || nome === undefined || uf === undefined || inscricaoEstadual === undefined || endereco === undefined
      ? null
      : { documento, tipoDocumento, nome, uf, codigoMunicipio, inscricaoEstadual, endereco };
  return { valido, uf };
}

/** A CPF (11 digits) or a CNPJ, numeric or alphanumeric, with its check digits; an NFC-e consumer is a CPF. */
function lerDocumento(erros: CamposInvalidos, valor: unknown, modelo: ModeloDocumento): [string | null, 'CNPJ' | 'CPF'] {
  const campo = 'destinatario.documento';
  const bruto = lerTexto(erros, valor, campo, { obrigatorio: true, max: 20 });
  if (!bruto) return [null, 'CNPJ'];
  const cpf = normalizeCpf(bruto);
  if (cpf.length === 11 && /^\d{11}$/.test(cpf)) {
    const problema = cpfProblem(cpf);
    if (problema) return [erros.add(campo, `cpf_${problema}`, 'CPF inválido (dígitos verificadores)') ?? null, 'CPF'];
    return [cpf, 'CPF'];
  }
  const cnpj = normalizeCnpj(bruto);
  const problema = cnpjProblem(cnpj);
  if (problema) return [erros.add(campo, `cnpj_${problema}`, 'deve ser um CNPJ (numérico ou alfanumérico) ou CPF válido') ?? null, 'CNPJ'];
  if (modelo === 'NFCE') return [erros.add(campo, 'nfce_consumidor_cpf', 'o consumidor de uma NFC-e é identificado por CPF') ?? null, 'CNPJ'];
  return [cnpj, 'CNPJ'];
}

/** The shared address rules, plus what `enderDest` needs besides: the recipient's UF and IBGE city code, in Brazil. */
function lerEnderecoDestinatario(erros: CamposInvalidos, valor: unknown, uf: string | null | undefined, comMunicipio: boolean): EnderecoDestinatario | null | undefined {
  const campo = 'destinatario.endereco';
  if (vazio(valor)) return null;
  const antes = erros.total;
  const endereco = lerEndereco(erros, valor, campo);
  if (uf === null) erros.add('destinatario.uf', 'obrigatorio_com_endereco', 'obrigatória quando o endereço é informado');
  if (!comMunicipio) erros.add('destinatario.codigoMunicipio', 'obrigatorio_com_endereco', 'obrigatório quando o endereço é informado');
  return erros.total > antes ? undefined : endereco;
}

/**
 * A recipient abroad: no CNPJ/CPF, IE, IBGE city or Brazilian address (each refused, naming the field); its
 * identification and address in `exterior`. Only an NF-e goes abroad (an NFC-e is a sale inside the UF).
 */
function lerDestinatarioExterior(erros: CamposInvalidos, valor: Record<string, unknown>, modelo: ModeloDocumento): DestinatarioValido | null {
  const campo = 'destinatario';
  if (modelo !== 'NFE') {
    erros.add(`${campo}.uf`, 'exterior_somente_nfe', 'só a NF-e tem destinatário no exterior');
    return null;
  }
  for (const nome of ['documento', 'codigoMunicipio', 'inscricaoEstadual', 'endereco']) {
    if (!vazio(valor[nome])) erros.add(`${campo}.${nome}`, 'nao_se_aplica_exterior', 'não se aplica a destinatário no exterior: use destinatario.exterior');
  }
  const nome = lerTexto(erros, valor.nome, `${campo}.nome`, { max: 60, min: 2, obrigatorio: true });
  if (vazio(valor.exterior)) {
    erros.add(`${campo}.exterior`, 'obrigatorio_exterior', 'obrigatório para destinatário no exterior (uf EX)');
    return null;
  }
  const exterior = lerExterior(erros, valor.exterior);
  if (!exterior || !nome) return null;
  return { documento: exterior.idEstrangeiro ?? '', tipoDocumento: 'ESTRANGEIRO', nome, uf: 'EX', codigoMunicipio: null, inscricaoEstadual: null, endereco: null, exterior };
}
