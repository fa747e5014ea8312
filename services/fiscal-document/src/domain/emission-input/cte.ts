import { CAMPOS_CTE, ModaisCte, TomadoresCte, type EnderecoEmpresa, type TomadorCte } from '@erp/contracts';
import {
  camposDesconhecidos,
  cnpjProblem,
  cpfProblem,
  cUfFromMunicipio,
  cUfFromSigla,
  ehObjeto,
  lerEndereco,
  lerInscricaoEstadual,
  lerTexto,
  municipioProblem,
  normalizeCnpj,
  normalizeCpf,
  vazio,
  type CamposInvalidos,
} from '@erp/fiscal-rules';
import { CASAS_QUANTIDADE, escalar, MAXIMO_CENTAVOS } from '../money';
import type { ContextoEmissao, DestinatarioValido, ItemValido } from './types';

/** A party of the CT-e (rem): named in full, with its address (TEndereco, enderReme required). */
export interface ParteCte {
  documento: string;
  tipoDocumento: 'CNPJ' | 'CPF';
  nome: string;
  inscricaoEstadual: string | null;
  uf: string;
  codigoMunicipio: string;
  endereco: EnderecoEmpresa;
}

export interface MunicipioCte {
  codigoMunicipio: string;
  municipio: string;
  uf: string;
}

/** The CT-e's own data, stored with the document (`DocumentoRecord.cte`). */
export interface DadosCte {
  modal: 'RODOVIARIO';
  tomador: TomadorCte;
  remetente: ParteCte;
  /** exped / receb (toma3 1 / 2 need theirs); absent on documents issued before they were collected. */
  expedidor?: ParteCte | null;
  recebedor?: ParteCte | null;
  /** toma4: the taker that is none of the parties (tomador OUTROS). */
  outroTomador?: ParteCte | null;
  inicio: MunicipioCte;
  fim: MunicipioCte;
  valorCargaCentavos: number;
  produtoPredominante: string;
  /** Gross weight, kg, as the exact decimal given (4 places at most). */
  pesoKg: number;
  rntrc: string;
  cfop: string;
}

/** ICMS situations the CT-e XML writes: CST 00 (ICMS00), 40/41/51 (ICMS45); the Simples Nacional writes ICMSSN. */
const CST_CTE = new Set(['00', '40', '41', '51']);

/**
 * CFOPs of a transport service (CFOP table, group 5.350/6.350/7.350 "prestação de serviço de transporte", and 5.932 /
 * 6.932 for a service started in another UF than the carrier's). The first digit: 5 when the service starts and ends
 * in the same UF, 6 otherwise (MOC CT-e, ide/CFOP).
 */
const CFOP_TRANSPORTE = /^[567](35[1-9]|360|932)$/;

function lerParte(erros: CamposInvalidos, valor: unknown, campo: string): ParteCte | null {
  if (!ehObjeto(valor)) return erros.add(campo, vazio(valor) ? 'obrigatorio' : 'tipo', 'obrigatório: documento, nome, uf, codigoMunicipio e endereco') ?? null;
  const antes = erros.total;
  camposDesconhecidos(erros, valor, campo, ['documento', 'nome', 'inscricaoEstadual', 'uf', 'codigoMunicipio', 'endereco']);
  const [documento, tipoDocumento] = lerDocumento(erros, valor.documento, `${campo}.documento`);
  const nome = lerTexto(erros, valor.nome, `${campo}.nome`, { obrigatorio: true, min: 2, max: 60 });
  const inscricaoEstadual = lerInscricaoEstadual(erros, valor.inscricaoEstadual, `${campo}.inscricaoEstadual`);
  const municipio = lerMunicipio(erros, { codigoMunicipio: valor.codigoMunicipio, uf: valor.uf }, campo, false);
  const endereco = lerEndereco(erros, valor.endereco, `${campo}.endereco`);
  if (endereco === null) erros.add(`${campo}.endereco`, 'obrigatorio', 'obrigatório');
  if (erros.total > antes || !documento || !nome || !municipio || !endereco || inscricaoEstadual === undefined) return null;
  return { documento, tipoDocumento, nome, inscricaoEstadual, uf: municipio.uf, codigoMunicipio: municipio.codigoMunicipio, endereco };
}

function lerDocumento(erros: CamposInvalidos, valor: unknown, campo: string): [string | null, 'CNPJ' | 'CPF'] {
  const bruto = lerTexto(erros, valor, campo, { obrigatorio: true, max: 20 });
  if (!bruto) return [null, 'CNPJ'];
  const cpf = normalizeCpf(bruto);
  if (/^\d{11}$/.test(cpf)) return cpfProblem(cpf) ? [erros.add(campo, 'cpf_invalido', 'CPF inválido (dígitos verificadores)') ?? null, 'CPF'] : [cpf, 'CPF'];
  const cnpj = normalizeCnpj(bruto);
  return cnpjProblem(cnpj) ? [erros.add(campo, 'cnpj_invalido', 'deve ser um CNPJ (numérico ou alfanumérico) ou CPF válido') ?? null, 'CNPJ'] : [cnpj, 'CNPJ'];
}

/** An IBGE municipality with its UF: the code's first two digits must be the UF's (MOC rules of cMunIni/cMunFim). */
export function lerMunicipio(erros: CamposInvalidos, valor: unknown, campo: string, comNome = true): MunicipioCte | null {
  if (!ehObjeto(valor)) return erros.add(campo, vazio(valor) ? 'obrigatorio' : 'tipo', 'obrigatório: codigoMunicipio, municipio e uf') ?? null;
  const antes = erros.total;
  const uf = typeof valor.uf === 'string' ? valor.uf.trim().toUpperCase() : '';
  const cUf = cUfFromSigla(uf);
  if (cUf === null) erros.add(`${campo}.uf`, 'uf_inexistente', 'deve ser a sigla de uma unidade da federação');
  const codigo = typeof valor.codigoMunicipio === 'string' ? valor.codigoMunicipio.trim() : '';
  const problema = municipioProblem(codigo);
  if (problema) erros.add(`${campo}.codigoMunicipio`, `municipio_${problema}`, 'deve ser um código IBGE de 7 dígitos válido');
  else if (cUf !== null && cUfFromMunicipio(codigo) !== cUf) erros.add(`${campo}.codigoMunicipio`, 'municipio_de_outra_uf', `não é um município de ${uf}`);
  // A party's city name is its address's (endereco.municipio); a start or end municipality names itself.
  const municipio = comNome ? lerTexto(erros, valor.municipio, `${campo}.municipio`, { obrigatorio: true, min: 2, max: 60 }) : '-';
  if (erros.total > antes || !municipio) return null;
  return { codigoMunicipio: codigo, municipio, uf };
}

function lerCentavos(erros: CamposInvalidos, valor: unknown, campo: string): number | null {
  const centavos = typeof valor === 'number' && Number.isFinite(valor) && valor >= 0 ? escalar(valor, 2) : null;
  if (centavos === null || centavos > MAXIMO_CENTAVOS) return erros.add(campo, 'valor_invalido', 'um valor em reais, zero ou mais, com até 2 casas') ?? null;
  return Number(centavos);
}

/**
 * The `cte` group of a CT-e's emission, and the CT-e's rules on the rest of the input: the recipient named in full
 * with its address (dest/enderDest), every item (a component of the service value) with the same transport CFOP and
 * ICMS situation, the CFOP's first digit by where the service starts and ends.
 */
export function lerCte(erros: CamposInvalidos, valor: unknown, ctx: ContextoEmissao, destinatario: DestinatarioValido | null, itens: ItemValido[]): DadosCte | null {
  const campo = 'cte';
  if (!ehObjeto(valor)) return erros.add(campo, vazio(valor) ? 'obrigatorio' : 'tipo', 'obrigatório no CT-e: tomador, remetente, inicio, fim, valorCarga, produtoPredominante, pesoKg, rntrc') ?? null;
  const antes = erros.total;
  camposDesconhecidos(erros, valor, campo, CAMPOS_CTE);
  const modal = vazio(valor.modal) ? 'RODOVIARIO' : valor.modal;
  if (!(ModaisCte as readonly unknown[]).includes(modal)) erros.add(`${campo}.modal`, 'modal_invalido', `deve ser um de ${ModaisCte.join(', ')}`);
  else if (modal !== 'RODOVIARIO') erros.add(`${campo}.modal`, 'modal_nao_suportado', 'só o modal RODOVIARIO é emitido por enquanto');
  const tomador = valor.tomador;
  if (!(TomadoresCte as readonly unknown[]).includes(tomador)) erros.add(`${campo}.tomador`, 'tomador_invalido', `deve ser um de ${TomadoresCte.join(', ')}`);
  const remetente = lerParte(erros, valor.remetente, `${campo}.remetente`);
  const [expedidor, recebedor, outroTomador] = (['expedidor', 'recebedor', 'outroTomador'] as const).map((nome) =>
    vazio(valor[nome]) ? null : lerParte(erros, valor[nome], `${campo}.${nome}`),
  );
  // The taker named by toma3 1 / 2 or toma4 must be in the CT-e (MOC: the group of the taker is required).
  const exigida = { EXPEDIDOR: 'expedidor', RECEBEDOR: 'recebedor', OUTROS: 'outroTomador' }[tomador as string] as 'expedidor' | 'recebedor' | 'outroTomador' | undefined;
  if (exigida && vazio(valor[exigida])) erros.add(`${campo}.${exigida}`, 'obrigatorio_tomador', `obrigatório com tomador ${String(tomador)}`);
  if (tomador !== 'OUTROS' && !vazio(valor.outroTomador)) erros.add(`${campo}.outroTomador`, 'somente_outros', 'só com tomador OUTROS (toma4)');
  const inicio = lerMunicipio(erros, valor.inicio, `${campo}.inicio`);
  const fim = lerMunicipio(erros, valor.fim, `${campo}.fim`);
  const valorCargaCentavos = lerCentavos(erros, valor.valorCarga, `${campo}.valorCarga`);
  const produtoPredominante = lerTexto(erros, valor.produtoPredominante, `${campo}.produtoPredominante`, { obrigatorio: true, max: 60 });
  const peso = valor.pesoKg;
  if (typeof peso !== 'number' || !Number.isFinite(peso) || peso <= 0 || peso >= 1e11 || escalar(peso, CASAS_QUANTIDADE) === null) {
    erros.add(`${campo}.pesoKg`, 'peso_invalido', 'maior que zero, até 11 dígitos antes da vírgula e 4 casas depois');
  }
  const rntrc = typeof valor.rntrc === 'string' ? valor.rntrc.trim().toUpperCase() : '';
  if (!/^(\d{8}|ISENTO)$/.test(rntrc)) erros.add(`${campo}.rntrc`, 'rntrc_formato', 'RNTRC de 8 dígitos, ou ISENTO');

  if (destinatario && (!destinatario.nome || !destinatario.endereco || !destinatario.codigoMunicipio)) {
    erros.add('destinatario.endereco', 'obrigatorio_cte', 'o CT-e nomeia o destinatário por inteiro: nome, uf, codigoMunicipio e endereco (dest/enderDest)');
  }
  const cfop = cfopDosItens(erros, itens, ctx, inicio, fim);
  if (erros.total > antes || !remetente || !inicio || !fim || valorCargaCentavos === null || !produtoPredominante || !cfop) return null;
  return { modal: 'RODOVIARIO', tomador: tomador as DadosCte['tomador'], remetente, expedidor, recebedor, outroTomador, inicio, fim, valorCargaCentavos, produtoPredominante, pesoKg: peso as number, rntrc, cfop };
}

/** One CFOP and one ICMS situation for the whole service (ide/CFOP, imp/ICMS): every component carries the same. */
export function cfopDosItens(erros: CamposInvalidos, itens: ItemValido[], ctx: ContextoEmissao, inicio: MunicipioCte | null, fim: MunicipioCte | null): string | null {
  if (itens.length === 0) return null;
  const [primeiro] = itens;
  const antes = erros.total;
  itens.forEach((item, i) => {
    if (item.cfop !== primeiro.cfop) erros.add(`itens[${i}].cfop`, 'cfop_divergente', 'os componentes de um CT-e têm o mesmo CFOP');
    if (item.cst !== primeiro.cst || item.csosn !== primeiro.csosn) erros.add(`itens[${i}].cst`, 'icms_divergente', 'os componentes de um CT-e têm a mesma situação do ICMS (o mesmo CST ou CSOSN)');
    if (ctx.regime !== 'SIMPLES_NACIONAL' && item.cst && !CST_CTE.has(item.cst)) erros.add(`itens[${i}].cst`, 'cst_nao_suportado_cte', `o CT-e é emitido com CST ${[...CST_CTE].join(', ')}`);
  });
  const cfop = primeiro.cfop ?? '';
  if (!CFOP_TRANSPORTE.test(cfop)) erros.add('itens[0].cfop', 'cfop_transporte', 'deve ser um CFOP de prestação de transporte (5351-5360, 6351-6360, 7358, x932)');
  else if (inicio && fim && cfop[0] !== (inicio.uf === fim.uf ? '5' : '6')) {
    erros.add('itens[0].cfop', 'cfop_operacao', `deve começar por ${inicio.uf === fim.uf ? '5 (início e fim na mesma UF)' : '6 (início e fim em UFs diferentes)'}`);
  }
  return erros.total > antes ? null : cfop;
}
