import { CAMPOS_CTE_OS, FretamentosCteOs, TiposServicoCteOs, type FretamentoCteOs } from '@erp/contracts';
import { camposDesconhecidos, cUfFromSigla, ehObjeto, lerTexto, vazio, type CamposInvalidos } from '@erp/fiscal-rules';
import { cfopDosItens, lerMunicipio, type MunicipioCte } from './cte';
import type { ContextoEmissao, DestinatarioValido, ItemValido } from './types';

/** The CT-e OS's own data (model 67, passenger transport by road), stored with the document (`DocumentoRecord.cteOs`). */
export interface DadosCteOs {
  tipoServico: 'TRANSPORTE_PESSOAS';
  modal: 'RODOVIARIO';
  inicio: MunicipioCte;
  fim: MunicipioCte;
  descricaoServico: string;
  quantidadePassageiros: number | null;
  /** rodoOS: the ANTT's TAF (12 digits) or the state agency's registration (25 digits), exactly one. */
  taf: string | null;
  registroEstadual: string | null;
  placa: string | null;
  ufVeiculo: string | null;
  fretamento: FretamentoCteOs | null;
  cfop: string;
}

/** TPlaca of tiposGeralCTe_v4.00.xsd (the old and the Mercosul plates). */
const PLACA = /^([A-Z]{2,3}[0-9]{4}|[A-Z]{3,4}[0-9]{3}|[A-Z0-9]{7})$/;

function lerDigitos(erros: CamposInvalidos, valor: unknown, campo: string, digitos: number, nome: string): string | null {
  if (vazio(valor)) return null;
  const lido = typeof valor === 'string' ? valor.replace(/[.\-/\s]/g, '') : '';
  if (new RegExp(`^[0-9]{${digitos}}$`).test(lido)) return lido;
  return erros.add(campo, `${campo.split('.').pop()}_formato`, `${nome}: ${digitos} dígitos`) ?? null;
}

/**
 * The `cteOs` group of a CT-e OS's emission (model 67), and its rules on the rest of the input: the taker (`toma`) is
 * the recipient, named in full with its address (enderToma); every item is a component of the service value with the
 * same transport CFOP and ICMS situation (as the model 57, `cte.ts`); the rodoviário modal names the TAF or the state
 * registration (rodoOS's choice), not both.
 */
export function lerCteOs(erros: CamposInvalidos, valor: unknown, ctx: ContextoEmissao, destinatario: DestinatarioValido | null, itens: ItemValido[]): DadosCteOs | null {
  const campo = 'cteOs';
  if (!ehObjeto(valor)) return erros.add(campo, vazio(valor) ? 'obrigatorio' : 'tipo', 'obrigatório no CT-e OS: inicio, fim, descricaoServico e taf ou registroEstadual') ?? null;
  const antes = erros.total;
  camposDesconhecidos(erros, valor, campo, CAMPOS_CTE_OS);
  const tipo = vazio(valor.tipoServico) ? 'TRANSPORTE_PESSOAS' : valor.tipoServico;
  if (!(TiposServicoCteOs as readonly unknown[]).includes(tipo)) erros.add(`${campo}.tipoServico`, 'tipo_servico_invalido', `deve ser um de ${TiposServicoCteOs.join(', ')}`);
  else if (tipo !== 'TRANSPORTE_PESSOAS') erros.add(`${campo}.tipoServico`, 'tipo_servico_nao_suportado', 'só TRANSPORTE_PESSOAS é emitido por enquanto');
  if (!vazio(valor.modal) && valor.modal !== 'RODOVIARIO') erros.add(`${campo}.modal`, 'modal_nao_suportado', 'só o modal RODOVIARIO é emitido por enquanto');
  const inicio = lerMunicipio(erros, valor.inicio, `${campo}.inicio`);
  const fim = lerMunicipio(erros, valor.fim, `${campo}.fim`);
  const descricaoServico = lerTexto(erros, valor.descricaoServico, `${campo}.descricaoServico`, { obrigatorio: true, max: 30 });
  let quantidadePassageiros: number | null = null;
  if (!vazio(valor.quantidadePassageiros)) {
    const q = valor.quantidadePassageiros;
    if (typeof q !== 'number' || !Number.isInteger(q) || q < 1 || q > 99_999) erros.add(`${campo}.quantidadePassageiros`, 'quantidade_invalida', 'um número inteiro de 1 a 99999');
    else quantidadePassageiros = q;
  }
  const taf = lerDigitos(erros, valor.taf, `${campo}.taf`, 12, 'Termo de Autorização de Fretamento (TAF)');
  const registroEstadual = lerDigitos(erros, valor.registroEstadual, `${campo}.registroEstadual`, 25, 'registro estadual');
  if (vazio(valor.taf) && vazio(valor.registroEstadual)) erros.add(`${campo}.taf`, 'obrigatorio', 'informe taf (ANTT) ou registroEstadual (agência estadual)');
  else if (!vazio(valor.taf) && !vazio(valor.registroEstadual)) erros.add(`${campo}.registroEstadual`, 'taf_ou_registro', 'informe taf ou registroEstadual, não os dois');
  let placa: string | null = null;
  if (!vazio(valor.placa)) {
    const lida = typeof valor.placa === 'string' ? valor.placa.replace(/[-\s]/g, '').toUpperCase() : '';
    if (PLACA.test(lida)) placa = lida;
    else erros.add(`${campo}.placa`, 'placa_formato', 'placa de 7 caracteres (AAA9999 ou AAA9A99)');
  }
  let ufVeiculo: string | null = null;
  if (!vazio(valor.ufVeiculo)) {
    const uf = typeof valor.ufVeiculo === 'string' ? valor.ufVeiculo.trim().toUpperCase() : '';
    if (cUfFromSigla(uf) === null) erros.add(`${campo}.ufVeiculo`, 'uf_inexistente', 'deve ser a sigla de uma unidade da federação');
    else if (placa === null) erros.add(`${campo}.ufVeiculo`, 'somente_com_placa', 'só é informada junto com uma placa do veículo válida');
    else ufVeiculo = uf;
  }
  const fretamento = vazio(valor.fretamento) ? null : valor.fretamento;
  if (fretamento !== null && !(FretamentosCteOs as readonly unknown[]).includes(fretamento)) erros.add(`${campo}.fretamento`, 'fretamento_invalido', `deve ser um de ${FretamentosCteOs.join(', ')}`);

  if (destinatario && (!destinatario.nome || !destinatario.endereco || !destinatario.codigoMunicipio || destinatario.tipoDocumento === 'ESTRANGEIRO')) {
    erros.add('destinatario.endereco', 'obrigatorio_cte', 'o tomador do CT-e OS (toma) é o destinatário, nomeado por inteiro: documento, nome, uf, codigoMunicipio e endereco');
  }
  const cfop = cfopDosItens(erros, itens, ctx, inicio, fim);
  if (erros.total > antes || !inicio || !fim || !descricaoServico || !cfop) return null;
  return {
    tipoServico: 'TRANSPORTE_PESSOAS',
    modal: 'RODOVIARIO',
    inicio,
    fim,
    descricaoServico,
    quantidadePassageiros,
    taf,
    registroEstadual,
    placa,
    ufVeiculo,
    fretamento: fretamento as FretamentoCteOs | null,
    cfop,
  };
}
