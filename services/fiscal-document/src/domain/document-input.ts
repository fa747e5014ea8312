import { ModelosDocumento, sha256Hex, type CampoInvalido, type EnderecoEmpresa, type ModeloDocumento, type RegimeTributario } from '@erp/contracts';
import { cnpjProblem, competenciaDe, cpfProblem, cUfFromSigla, interpretarCodigoServico, municipioProblem, normalizeCnpj, normalizeCpf } from '@erp/fiscal-rules';
import { chaveValida, modeloDaChave } from './access-key';
import { alcanceDaOperacao, ehSimplesRemessa, PRIMEIRO_DIGITO } from './cfop';
import { CASAS_PRECO, CASAS_QUANTIDADE, escalar, LIMITE_QUANTIDADE_PRECO, MAXIMO_CENTAVOS, totalItemCentavos } from './money';

/**
 * The emission input (GraphQL `EmitirDocumentoFiscalInput`, REST body), checked field by field: every invalid
 * field is reported at once, as `{ campo, regra, erro }` like the settings PUT. Pure: the company's fiscal
 * settings come in as `ContextoEmissao`.
 */

/** NF-e limit of items (`det` maxOccurs 990). */
export const MAX_ITENS = 990;
export const REFERENCIA_MAX = 60;

/** CST of ICMS (regime normal issuers) and CSOSN (Simples Nacional, CRT 1), Ajuste SINIEF 07/05 annex. */
const CST_ICMS = new Set(['00', '02', '10', '15', '20', '30', '40', '41', '50', '51', '53', '60', '61', '70', '90']);
const CSOSN = new Set(['101', '102', '103', '201', '202', '203', '300', '400', '500', '900']);

export interface ContextoEmissao {
  regime: RegimeTributario;
  ufEmitente: string;
  series: number[];
  seriePadrao: number;
  /** `NN.NN` from the NFS-e settings, used when an NFS-e item names none. */
  codigoServicoPadrao: string | null;
  /** The instant of issue: an NFS-e's competence month is judged against it. */
  emitidoEm: Date;
}

export interface DestinatarioValido {
  documento: string;
  tipoDocumento: 'CNPJ' | 'CPF';
  nome: string | null;
  uf: string | null;
  codigoMunicipio: string | null;
  inscricaoEstadual: string | null;
  /** NF-e `enderDest` (with `uf` and `codigoMunicipio`); absent on documents stored before it was collected. */
  endereco?: EnderecoDestinatario | null;
}

/**
 * The recipient's address as the NF-e's `enderDest` (TEndereco) takes it: the same fields and rules as the
 * issuer's address of the settings (street, district and city name 2-60 characters, number 1-60, complement up
 * to 60, CEP 8 digits, phone 6-14 digits); the UF and the IBGE city code are the recipient's own fields.
 */
export type EnderecoDestinatario = EnderecoEmpresa;

const CAMPOS_ENDERECO = new Set(['logradouro', 'numero', 'complemento', 'bairro', 'municipio', 'cep', 'telefone']);

export interface ItemValido {
  codigo: string;
  descricao: string;
  quantidade: number;
  valorUnitario: number;
  unidade: string;
  ncm: string | null;
  cfop: string | null;
  cst: string | null;
  csosn: string | null;
  codigoServico: string | null;
  aliquotaIss: number | null;
  valorCentavos: number;
}

/**
 * NF-e `modFrete`: 0 by the issuer (CIF), 1 by the recipient (FOB), 2 by a third party, 3 own transport of the
 * issuer, 4 own transport of the recipient, 9 no transport (MOC NF-e, field X02).
 */
export const MODALIDADES_FRETE = [0, 1, 2, 3, 4, 9] as const;
export type ModalidadeFrete = (typeof MODALIDADES_FRETE)[number];

export interface EmissaoValida {
  referencia: string;
  modelo: ModeloDocumento;
  serie: number;
  destinatario: DestinatarioValido | null;
  itens: ItemValido[];
  valorTotalCentavos: number;
  simplesRemessa: boolean;
  chaveCteReferenciada: string | null;
  chavesNfeTransportadas: string[];
  competencia: string | null;
  /** NF-e only: as given, else 0 when a CT-e documents the freight (`chaveCteReferenciada`), else 9. */
  modalidadeFrete: ModalidadeFrete | null;
}

export type ResultadoValidacao = { ok: true; valor: EmissaoValida } | { ok: false; campos: CampoInvalido[] };

/** The input's fields (GraphQL refuses others by its type; REST the same way here). */
const CAMPOS = new Set(['referencia', 'modelo', 'serie', 'destinatario', 'itens', 'chaveCteReferenciada', 'chavesNfeTransportadas', 'competencia', 'modalidadeFrete']);

type Objeto = Record<string, unknown>;
const ehObjeto = (v: unknown): v is Objeto => typeof v === 'object' && v !== null && !Array.isArray(v);
const vazio = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Control characters (C0 and DEL) break the XML a document becomes. */
function temControle(texto: string): boolean {
  for (let i = 0; i < texto.length; i += 1) {
    const c = texto.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

class Erros {
  readonly lista: CampoInvalido[] = [];
  add(campo: string, regra: string, erro: string): null {
    this.lista.push({ campo, regra, erro });
    return null;
  }
}

function texto(erros: Erros, valor: unknown, campo: string, opcoes: { obrigatorio: boolean; max: number; min?: number }): string | null {
  if (vazio(valor)) return opcoes.obrigatorio ? erros.add(campo, 'obrigatorio', `${campo} é obrigatório`) : null;
  if (typeof valor !== 'string') return erros.add(campo, 'tipo', `${campo} deve ser texto`);
  const limpo = valor.trim();
  if (limpo.length > opcoes.max || limpo.length < (opcoes.min ?? 1)) {
    return erros.add(campo, 'tamanho', `${campo} deve ter de ${opcoes.min ?? 1} a ${opcoes.max} caracteres`);
  }
  if (temControle(limpo)) return erros.add(campo, 'caractere_invalido', `${campo} tem caracteres de controle`);
  return limpo;
}

function positivo(erros: Erros, valor: unknown, campo: string, casas: number): number | null {
  if (typeof valor !== 'number' || !Number.isFinite(valor)) return erros.add(campo, 'tipo', `${campo} deve ser um número`);
  if (valor <= 0 || valor >= LIMITE_QUANTIDADE_PRECO) {
    return erros.add(campo, 'faixa', `${campo} deve ser maior que zero e ter no máximo 11 dígitos inteiros (qCom e vUnCom da NF-e)`);
  }
  if (escalar(valor, casas) === null) return erros.add(campo, 'casas_decimais', `${campo} aceita no máximo ${casas} casas decimais`);
  return valor;
}

/**
 * The recipient, and its UF apart: the operation's reach (the CFOP's first digit) depends only on the UF, so
 * another invalid recipient field must not hide a wrong CFOP. `uf` undefined: given but invalid.
 */
interface DestinatarioLido {
  valido: DestinatarioValido | null;
  uf: string | null | undefined;
}

function destinatario(erros: Erros, valor: unknown, modelo: ModeloDocumento): DestinatarioLido {
  const campo = 'destinatario';
  if (vazio(valor)) {
    // An NFC-e may go to an anonymous consumer; every other model names its recipient.
    if (modelo !== 'NFCE') erros.add(campo, 'obrigatorio', 'destinatario é obrigatório (exceto NFC-e)');
    return { valido: null, uf: null };
  }
  if (!ehObjeto(valor)) return { valido: erros.add(campo, 'tipo', 'destinatario deve ser um objeto'), uf: null };
  const bruto = texto(erros, valor.documento, `${campo}.documento`, { obrigatorio: true, max: 20 });
  let documento: string | null = null;
  let tipoDocumento: 'CNPJ' | 'CPF' = 'CNPJ';
  if (bruto !== null) {
    const cpf = normalizeCpf(bruto);
    const cnpj = normalizeCnpj(bruto);
    if (cpf.length === 11 && /^\d{11}$/.test(cpf)) {
      const problema = cpfProblem(cpf);
      if (problema) erros.add(`${campo}.documento`, `cpf_${problema}`, 'CPF inválido (dígitos verificadores)');
      else [documento, tipoDocumento] = [cpf, 'CPF'];
    } else {
      const problema = cnpjProblem(cnpj);
      if (problema) erros.add(`${campo}.documento`, `cnpj_${problema}`, 'documento deve ser um CNPJ (numérico ou alfanumérico) ou CPF válido');
      else documento = cnpj;
    }
    if (documento !== null && modelo === 'NFCE' && tipoDocumento !== 'CPF') {
      erros.add(`${campo}.documento`, 'nfce_consumidor_cpf', 'o consumidor de uma NFC-e é identificado por CPF');
    }
  }
  const nome = texto(erros, valor.nome, `${campo}.nome`, { obrigatorio: false, max: 60, min: 2 });
  let uf: string | null | undefined = null;
  if (!vazio(valor.uf)) {
    const sigla = typeof valor.uf === 'string' ? valor.uf.trim().toUpperCase() : '';
    if (sigla === 'EX' || cUfFromSigla(sigla) !== null) uf = sigla;
    else uf = erros.add(`${campo}.uf`, 'uf_inexistente', 'uf deve ser a sigla de uma unidade da federação (ou EX, exterior)') ?? undefined;
  }
  let codigoMunicipio: string | null = null;
  if (!vazio(valor.codigoMunicipio)) {
    const codigo = typeof valor.codigoMunicipio === 'string' ? valor.codigoMunicipio.trim() : '';
    const problema = municipioProblem(codigo);
    if (problema) erros.add(`${campo}.codigoMunicipio`, `municipio_${problema}`, 'codigoMunicipio deve ser um código IBGE de 7 dígitos válido');
    else codigoMunicipio = codigo;
  }
  let inscricaoEstadual: string | null = null;
  if (!vazio(valor.inscricaoEstadual)) {
    const ie = typeof valor.inscricaoEstadual === 'string' ? valor.inscricaoEstadual.replace(/[.\-/\s]/g, '').toUpperCase() : '';
    if (ie === 'ISENTO' || /^\d{2,14}$/.test(ie)) inscricaoEstadual = ie;
    else erros.add(`${campo}.inscricaoEstadual`, 'formato', 'inscricaoEstadual deve ter de 2 a 14 dígitos, ou ISENTO');
  }
  const endereco = enderecoDestinatario(erros, valor.endereco, uf, !vazio(valor.codigoMunicipio));
  const valido = documento === null || uf === undefined || endereco === undefined ? null : { documento, tipoDocumento, nome, uf, codigoMunicipio, inscricaoEstadual, endereco };
  return { valido, uf };
}

/** Null when absent; undefined when invalid (its errors added). The UF and the IBGE city code complete it. */
function enderecoDestinatario(erros: Erros, valor: unknown, uf: string | null | undefined, comMunicipio: boolean): EnderecoDestinatario | null | undefined {
  const campo = 'destinatario.endereco';
  if (vazio(valor)) return null;
  if (!ehObjeto(valor)) return erros.add(campo, 'tipo', 'endereco deve ser um objeto') ?? undefined;
  const antes = erros.lista.length;
  for (const chave of Object.keys(valor)) {
    if (!CAMPOS_ENDERECO.has(chave)) erros.add(`${campo}.${chave.slice(0, 60)}`, 'campo_desconhecido', `campo desconhecido: ${chave.slice(0, 60)}`);
  }
  const logradouro = texto(erros, valor.logradouro, `${campo}.logradouro`, { obrigatorio: true, max: 60, min: 2 });
  const numero = texto(erros, valor.numero, `${campo}.numero`, { obrigatorio: true, max: 60 });
  const complemento = texto(erros, valor.complemento, `${campo}.complemento`, { obrigatorio: false, max: 60 });
  const bairro = texto(erros, valor.bairro, `${campo}.bairro`, { obrigatorio: true, max: 60, min: 2 });
  const municipio = texto(erros, valor.municipio, `${campo}.municipio`, { obrigatorio: true, max: 60, min: 2 });
  const cepBruto = texto(erros, valor.cep, `${campo}.cep`, { obrigatorio: true, max: 10 });
  const cep = cepBruto?.replace(/[.\-\s]/g, '') ?? null;
  if (cep !== null && !/^\d{8}$/.test(cep)) erros.add(`${campo}.cep`, 'cep_formato', 'cep deve ter 8 dígitos');
  const telefoneBruto = texto(erros, valor.telefone, `${campo}.telefone`, { obrigatorio: false, max: 20 });
  const telefone = telefoneBruto?.replace(/[()\-\s+]/g, '') ?? null;
  if (telefone !== null && !/^\d{6,14}$/.test(telefone)) erros.add(`${campo}.telefone`, 'telefone_formato', 'telefone deve ter de 6 a 14 dígitos (DDD e número)');
  // enderDest also carries the UF and the city's IBGE code: an address without them cannot be written.
  if (uf === null) erros.add('destinatario.uf', 'obrigatorio_com_endereco', 'uf é obrigatória quando o endereço é informado');
  // A foreign address takes the country's code and city 9999999 (TEndereco): not built here (docs/sefaz.md).
  if (uf === 'EX') erros.add(campo, 'exterior_nao_suportado', 'endereço de destinatário no exterior não é suportado; omita o endereço');
  if (!comMunicipio) erros.add('destinatario.codigoMunicipio', 'obrigatorio_com_endereco', 'codigoMunicipio é obrigatório quando o endereço é informado');
  if (erros.lista.length > antes || !logradouro || !numero || !bairro || !municipio || cep === null) return undefined;
  return { logradouro, numero, complemento, bairro, municipio, cep, telefone };
}

/** `ufDestino` undefined: the recipient's UF was given but invalid, so the operation's reach cannot be judged. */
function item(erros: Erros, valor: unknown, i: number, modelo: ModeloDocumento, ctx: ContextoEmissao, ufDestino: string | null | undefined): ItemValido | null {
  const campo = `itens[${i}]`;
  if (!ehObjeto(valor)) return erros.add(campo, 'tipo', `${campo} deve ser um objeto`);
  const antes = erros.lista.length;
  const codigo = texto(erros, valor.codigo, `${campo}.codigo`, { obrigatorio: true, max: 60 });
  const descricao = texto(erros, valor.descricao, `${campo}.descricao`, { obrigatorio: true, max: 120 });
  const quantidade = positivo(erros, valor.quantidade, `${campo}.quantidade`, CASAS_QUANTIDADE);
  const valorUnitario = positivo(erros, valor.valorUnitario, `${campo}.valorUnitario`, CASAS_PRECO);
  const unidade = texto(erros, valor.unidade, `${campo}.unidade`, { obrigatorio: false, max: 6 }) ?? 'UN';
  const mercadoria = modelo === 'NFE' || modelo === 'NFCE';

  let ncm: string | null = null;
  if (mercadoria) {
    if (typeof valor.ncm !== 'string' || !/^\d{8}$/.test(valor.ncm)) erros.add(`${campo}.ncm`, 'ncm_formato', 'NCM deve ter 8 dígitos');
    else ncm = valor.ncm;
  }

  let cfop: string | null = null;
  if (modelo !== 'NFSE') {
    const esperado = modelo === 'NFCE' ? '5' : ufDestino === undefined ? null : PRIMEIRO_DIGITO[alcanceDaOperacao(ctx.ufEmitente, ufDestino)];
    if (typeof valor.cfop !== 'string' || !/^\d{4}$/.test(valor.cfop)) erros.add(`${campo}.cfop`, 'cfop_formato', 'CFOP deve ter 4 dígitos');
    else if (esperado !== null && valor.cfop[0] !== esperado) {
      erros.add(`${campo}.cfop`, 'cfop_operacao', `CFOP deve começar por ${esperado} nesta operação (5 interna, 6 interestadual, 7 exterior; NFC-e só 5)`);
    } else cfop = valor.cfop;
  }

  // ICMS situation: CSOSN for Simples Nacional issuers (CRT 1), CST otherwise; the NFS-e carries neither.
  let cst: string | null = null;
  let csosn: string | null = null;
  if (modelo !== 'NFSE') {
    if (ctx.regime === 'SIMPLES_NACIONAL') {
      if (!vazio(valor.cst)) erros.add(`${campo}.cst`, 'cst_simples', 'emitente do Simples Nacional informa CSOSN, não CST');
      if (typeof valor.csosn !== 'string' || !CSOSN.has(valor.csosn)) erros.add(`${campo}.csosn`, 'csosn_invalido', `CSOSN deve ser um de ${[...CSOSN].join(', ')}`);
      else csosn = valor.csosn;
    } else {
      if (!vazio(valor.csosn)) erros.add(`${campo}.csosn`, 'csosn_regime_normal', 'emitente do regime normal informa CST, não CSOSN');
      if (typeof valor.cst !== 'string' || !CST_ICMS.has(valor.cst)) erros.add(`${campo}.cst`, 'cst_invalido', `CST deve ser um de ${[...CST_ICMS].join(', ')}`);
      else cst = valor.cst;
    }
  }

  let codigoServico: string | null = null;
  let aliquotaIss: number | null = null;
  if (modelo === 'NFSE') {
    const informado = vazio(valor.codigoServico) ? ctx.codigoServicoPadrao : valor.codigoServico;
    const lido = typeof informado === 'string' ? interpretarCodigoServico(informado.trim()) : 'formato';
    if (typeof lido === 'string') {
      erros.add(`${campo}.codigoServico`, `lc116_${lido}`, 'codigoServico deve ser um item da lista da LC 116/2003 (NN.NN), ou configure o padrão da empresa');
    } else codigoServico = lido.item;
    if (!vazio(valor.aliquotaIss)) {
      const aliquota = valor.aliquotaIss;
      if (typeof aliquota !== 'number' || !Number.isFinite(aliquota) || aliquota < 2 || aliquota > 5 || escalar(aliquota, 2) === null) {
        erros.add(`${campo}.aliquotaIss`, 'aliquota_iss_faixa', 'aliquotaIss deve estar entre 2% e 5% (LC 116 art. 8º e 8º-A), com até 2 casas');
      } else aliquotaIss = aliquota;
    }
  }

  if (erros.lista.length > antes || codigo === null || descricao === null || quantidade === null || valorUnitario === null) return null;
  const total = totalItemCentavos(quantidade, valorUnitario);
  if (total < 1n) return erros.add(campo, 'valor_item_minimo', `${campo}: quantidade x valorUnitario deve dar ao menos R$ 0,01`);
  if (total > MAXIMO_CENTAVOS) {
    return erros.add(campo, 'valor_item_maximo', `${campo}: quantidade x valorUnitario passa de R$ 9.999.999.999.999,99 (vProd da NF-e)`);
  }
  return {
    codigo,
    descricao,
    quantidade,
    valorUnitario,
    unidade,
    ncm,
    cfop,
    cst,
    csosn,
    codigoServico,
    aliquotaIss,
    valorCentavos: Number(total),
  };
}

function chave(erros: Erros, valor: unknown, campo: string, modeloEsperado: string, nome: string): string | null {
  if (typeof valor !== 'string' || !chaveValida(valor.trim().toUpperCase())) {
    return erros.add(campo, 'chave_invalida', `${campo} deve ser uma chave de acesso de 44 caracteres com dígito verificador correto`);
  }
  const limpa = valor.trim().toUpperCase();
  if (modeloDaChave(limpa) !== modeloEsperado) return erros.add(campo, 'chave_modelo', `${campo} deve ser a chave de um(a) ${nome} (modelo ${modeloEsperado})`);
  return limpa;
}

export function validarEmissao(entrada: unknown, ctx: ContextoEmissao): ResultadoValidacao {
  const erros = new Erros();
  if (!ehObjeto(entrada)) return { ok: false, campos: [{ campo: '', regra: 'tipo', erro: 'o corpo deve ser um objeto com a emissão' }] };

  for (const campo of Object.keys(entrada)) {
    if (!CAMPOS.has(campo)) erros.add(campo, 'campo_desconhecido', `campo desconhecido: ${campo.slice(0, 60)}`);
  }
  const referencia = texto(erros, entrada.referencia, 'referencia', { obrigatorio: true, max: REFERENCIA_MAX });
  const modelo = (ModelosDocumento as readonly unknown[]).includes(entrada.modelo) ? (entrada.modelo as ModeloDocumento) : null;
  if (!modelo) erros.add('modelo', 'modelo_invalido', `modelo deve ser um de ${ModelosDocumento.join(', ')}`);

  let serie = ctx.seriePadrao;
  if (!vazio(entrada.serie)) {
    if (typeof entrada.serie !== 'number' || !Number.isInteger(entrada.serie)) erros.add('serie', 'tipo', 'serie deve ser um número inteiro');
    else if (!ctx.series.includes(entrada.serie)) erros.add('serie', 'serie_nao_configurada', `serie deve ser uma das séries da empresa: ${ctx.series.join(', ')}`);
    else serie = entrada.serie;
  }

  // Without a valid model the per-model rules below cannot be judged: report what can be.
  if (!modelo) return { ok: false, campos: erros.lista };

  const { valido: dest, uf: ufDestino } = destinatario(erros, entrada.destinatario, modelo);
  const itensBrutos = entrada.itens;
  const itens: ItemValido[] = [];
  if (!Array.isArray(itensBrutos) || itensBrutos.length === 0) erros.add('itens', 'obrigatorio', 'itens deve ter ao menos um item');
  else if (itensBrutos.length > MAX_ITENS) erros.add('itens', 'maximo', `no máximo ${MAX_ITENS} itens por documento`);
  else {
    itensBrutos.forEach((bruto, i) => {
      const valido = item(erros, bruto, i, modelo, ctx, ufDestino);
      if (valido) itens.push(valido);
    });
  }
  // The tax engine applies the Simples Remessa rule to the NF-e only; another model with such a CFOP is taxed as usual.
  const remessas = modelo === 'NFE' ? itens.filter((i) => i.cfop !== null && ehSimplesRemessa(i.cfop)).length : 0;
  if (remessas > 0 && remessas < itens.length) {
    erros.add('itens', 'cfop_misto', 'uma Simples Remessa não mistura itens de venda: use CFOPs de remessa em todos os itens, ou em nenhum');
  }

  let chaveCteReferenciada: string | null = null;
  if (!vazio(entrada.chaveCteReferenciada)) {
    if (modelo !== 'NFE') erros.add('chaveCteReferenciada', 'somente_nfe', 'chaveCteReferenciada só se aplica a NF-e');
    else chaveCteReferenciada = chave(erros, entrada.chaveCteReferenciada, 'chaveCteReferenciada', '57', 'CT-e');
  }
  const chavesNfeTransportadas: string[] = [];
  const transportadas = entrada.chavesNfeTransportadas;
  if (modelo === 'CTE') {
    if (!Array.isArray(transportadas) || transportadas.length === 0) {
      erros.add('chavesNfeTransportadas', 'obrigatorio', 'o CT-e informa as chaves das NF-e que transporta');
    } else if (transportadas.length > 2000) {
      erros.add('chavesNfeTransportadas', 'maximo', 'no máximo 2000 chaves');
    } else {
      transportadas.forEach((valor, i) => {
        const lida = chave(erros, valor, `chavesNfeTransportadas[${i}]`, '55', 'NF-e');
        if (lida) chavesNfeTransportadas.push(lida);
      });
    }
  } else if (!vazio(transportadas) && !(Array.isArray(transportadas) && transportadas.length === 0)) {
    erros.add('chavesNfeTransportadas', 'somente_cte', 'chavesNfeTransportadas só se aplica a CT-e');
  }

  let competencia: string | null = null;
  if (!vazio(entrada.competencia)) {
    const valor = entrada.competencia;
    const match = typeof valor === 'string' ? /^(0[1-9]|1[0-2])\/(20\d{2})$/.exec(valor.trim()) : null;
    if (modelo !== 'NFSE') erros.add('competencia', 'somente_nfse', 'competencia só se aplica a NFS-e');
    else if (!match) erros.add('competencia', 'formato', 'competencia deve ser MM/AAAA');
    else competencia = competenciaNaFaixa(erros, Number(match[1]), Number(match[2]), ctx.emitidoEm);
  }

  let modalidadeFrete: ModalidadeFrete | null = modelo === 'NFE' ? (chaveCteReferenciada ? 0 : 9) : null;
  if (!vazio(entrada.modalidadeFrete)) {
    const valor = entrada.modalidadeFrete;
    if (modelo !== 'NFE') erros.add('modalidadeFrete', 'somente_nfe', 'modalidadeFrete só se aplica a NF-e');
    else if (!(MODALIDADES_FRETE as readonly unknown[]).includes(valor)) {
      erros.add('modalidadeFrete', 'modalidade_frete_invalida', `modalidadeFrete deve ser um de ${MODALIDADES_FRETE.join(', ')} (modFrete da NF-e)`);
    } else if (chaveCteReferenciada && valor !== 0) {
      erros.add('modalidadeFrete', 'frete_incoerente', 'com chaveCteReferenciada o frete é do emitente: modalidadeFrete 0');
    } else modalidadeFrete = valor as ModalidadeFrete;
  }

  if (itens.reduce((soma, i) => soma + BigInt(i.valorCentavos), 0n) > MAXIMO_CENTAVOS) {
    erros.add('itens', 'valor_total_maximo', 'a soma dos itens passa de R$ 9.999.999.999.999,99 (vNF da NF-e)');
  }

  if (erros.lista.length > 0 || referencia === null) return { ok: false, campos: erros.lista };
  return {
    ok: true,
    valor: {
      referencia,
      modelo,
      serie,
      destinatario: dest,
      itens,
      valorTotalCentavos: itens.reduce((soma, i) => soma + i.valorCentavos, 0),
      simplesRemessa: remessas > 0,
      chaveCteReferenciada,
      chavesNfeTransportadas,
      competencia,
      modalidadeFrete,
    },
  };
}

/**
 * An NFS-e's competence month (the month the service was rendered) is never after the month of issue (a service
 * is invoiced once rendered) and not before January of the previous year (Brasília): older services are settled
 * with the municipality, not by a new NFS-e here. Our rule, written in docs/fiscal-documents.md.
 */
function competenciaNaFaixa(erros: Erros, mes: number, ano: number, emitidoEm: Date): string | null {
  const [mesAtual, anoAtual] = competenciaDe(emitidoEm).split('/').map(Number);
  const indice = ano * 12 + mes - 1;
  if (indice > anoAtual * 12 + mesAtual - 1) return erros.add('competencia', 'competencia_futura', `competencia não pode ser posterior ao mês de emissão (${competenciaDe(emitidoEm)})`);
  if (indice < (anoAtual - 1) * 12) return erros.add('competencia', 'competencia_antiga', `competencia deve ser de janeiro de ${anoAtual - 1} em diante`);
  return `${String(mes).padStart(2, '0')}/${ano}`;
}

/** The `referencia` exactly as the emission reads it, or null when it is invalid (the validation says why). */
export function referenciaDaEntrada(entrada: unknown): string | null {
  if (!ehObjeto(entrada)) return null;
  const erros = new Erros();
  const referencia = texto(erros, entrada.referencia, 'referencia', { obrigatorio: true, max: REFERENCIA_MAX });
  return erros.lista.length === 0 ? referencia : null;
}

/** No valid emission nests deeper than this (body > itens > item > field). */
const PROFUNDIDADE_MAXIMA = 8;

/** The input in one canonical form: keys sorted, text trimmed, absent, null, empty text and empty lists alike. */
function canonico(valor: unknown, profundidade: number): unknown {
  if (profundidade > PROFUNDIDADE_MAXIMA) throw new RangeError('too deep');
  if (typeof valor === 'string') return valor.trim();
  if (Array.isArray(valor)) return valor.map((v) => canonico(v, profundidade + 1));
  if (!ehObjeto(valor)) return valor;
  const saida: Record<string, unknown> = {};
  for (const chave of Object.keys(valor).sort()) {
    const v = canonico(valor[chave], profundidade + 1);
    if (v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) saida[chave] = v;
  }
  return saida;
}

/**
 * The fingerprint of an emission's content as sent (SHA-256 of its canonical form, `referencia` aside), judged
 * without the company's settings: a repeated `referencia` is recognised as the same content whatever the
 * settings say today (another default series, an expired certificate). Null when nested deeper than any valid
 * emission.
 */
export function impressaoDaEntrada(entrada: Objeto): string | null {
  const conteudo: Objeto = { ...entrada };
  delete conteudo.referencia;
  try {
    return sha256Hex(JSON.stringify(canonico(conteudo, 0)));
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** The justification of a cancellation: 15 to 255 characters after trimming (spec 4.2, XSD `TJust`). */
export function justificativaValida(valor: unknown): string | null {
  if (typeof valor !== 'string') return null;
  const limpa = valor.trim();
  return limpa.length >= 15 && limpa.length <= 255 && !temControle(limpa) ? limpa : null;
}
