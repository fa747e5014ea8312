import { RegimesTributarios, type RegimeTributario } from '@erp/contracts';
import { type CamposInvalidos, camposDesconhecidos, cUfFromMunicipio, cUfFromSigla, cnpjProblem, lerEndereco, lerInscricaoEstadual, municipioProblem, normalizeCnpj, type Objeto } from '@erp/fiscal-rules';
import { ALIQUOTA_DAS_PADRAO, configuracaoPadrao, type Configuracao } from '../configuracao';
import { CAMPOS, texto } from './fields';

/** The issuer: CNPJ, name, IE, UF and IBGE city, regime and DAS rate, start of activity, address. */

export function validarEmpresa(obj: Objeto | undefined, erros: CamposInvalidos): Configuracao['empresa'] {
  const empresa = configuracaoPadrao().empresa;
  if (obj === undefined) return empresa;
  camposDesconhecidos(erros, obj, 'empresa', CAMPOS.empresa);

  const cnpj = texto(obj, 'cnpj', 'empresa', erros, { max: 18 });
  if (cnpj) {
    const normalizado = normalizeCnpj(cnpj);
    const problema = cnpjProblem(normalizado);
    if (problema === 'formato') {
      erros.add('empresa.cnpj', 'cnpj_formato', '14 caracteres: 12 letras maiúsculas ou dígitos e 2 dígitos verificadores');
    } else if (problema) {
      erros.add('empresa.cnpj', 'cnpj_digito_verificador', 'dígitos verificadores do CNPJ não conferem');
    } else {
      empresa.cnpj = normalizado;
    }
  }
  empresa.razaoSocial = texto(obj, 'razaoSocial', 'empresa', erros, { min: 2, max: 60 }) ?? null;

  const ie = texto(obj, 'inscricaoEstadual', 'empresa', erros, { max: 20 });
  if (ie) empresa.inscricaoEstadual = lerInscricaoEstadual(erros, ie, 'empresa.inscricaoEstadual') ?? null;

  const uf = texto(obj, 'uf', 'empresa', erros, { max: 2 });
  if (uf) {
    if (cUfFromSigla(uf.toUpperCase())) empresa.uf = uf.toUpperCase();
    else erros.add('empresa.uf', 'uf_inexistente', 'sigla de UF desconhecida');
  }

  const municipio = texto(obj, 'codigoMunicipio', 'empresa', erros, { max: 7 });
  if (municipio) {
    const problema = municipioProblem(municipio);
    if (problema) erros.add('empresa.codigoMunicipio', `ibge_${problema}`, mensagemIbge(problema));
    else if (empresa.uf && cUfFromSigla(empresa.uf) !== cUfFromMunicipio(municipio)) {
      erros.add('empresa.codigoMunicipio', 'ibge_uf_divergente', `o município não pertence à UF ${empresa.uf}`);
    } else empresa.codigoMunicipio = municipio;
  }

  const regime = obj.regimeTributario;
  if (regime !== undefined && regime !== null) {
    if (typeof regime === 'string' && (RegimesTributarios as readonly string[]).includes(regime)) {
      empresa.regimeTributario = regime as RegimeTributario;
    } else {
      erros.add('empresa.regimeTributario', 'valores_permitidos', `um de ${RegimesTributarios.join(', ')}`);
    }
  }

  const aliquota = obj.aliquotaDas;
  if (aliquota !== undefined && aliquota !== null) {
    if (typeof aliquota !== 'number' || !Number.isFinite(aliquota)) {
      erros.add('empresa.aliquotaDas', 'tipo', 'deve ser um número (percentual)');
    } else if (aliquota <= 0 || aliquota > 33) {
      erros.add('empresa.aliquotaDas', 'intervalo', 'percentual maior que 0 e até 33');
    } else if (obj.regimeTributario !== 'SIMPLES_NACIONAL') {
      erros.add('empresa.aliquotaDas', 'somente_simples_nacional', 'alíquota do DAS só se aplica ao SIMPLES_NACIONAL');
    } else {
      empresa.aliquotaDas = Math.round(aliquota * 10_000) / 10_000;
    }
  } else if (empresa.regimeTributario === 'SIMPLES_NACIONAL') {
    empresa.aliquotaDas = ALIQUOTA_DAS_PADRAO;
  }
  empresa.endereco = lerEndereco(erros, obj.endereco, 'empresa.endereco') ?? null;
  empresa.inicioAtividade = validarInicioAtividade(obj, erros);
  return empresa;
}

/** A calendar day `YYYY-MM-DD` (the Simples Nacional first year of the tax simulation reads it). */
function validarInicioAtividade(obj: Objeto, erros: CamposInvalidos): string | null {
  const data = texto(obj, 'inicioAtividade', 'empresa', erros, { max: 10 });
  if (!data) return null;
  const partes = /^(\d{4})-(\d{2})-(\d{2})$/.exec(data);
  if (!partes) return erros.add('empresa.inicioAtividade', 'data_formato', 'data no formato AAAA-MM-DD') ?? null;
  const dia = new Date(Date.UTC(Number(partes[1]), Number(partes[2]) - 1, Number(partes[3])));
  if (Number(partes[1]) < 1900 || dia.toISOString().slice(0, 10) !== data) return erros.add('empresa.inicioAtividade', 'data_inexistente', 'dia que existe no calendário, de 1900 em diante') ?? null;
  return data;
}

export function mensagemIbge(problema: string): string {
  if (problema === 'formato') return 'código IBGE tem 7 dígitos';
  if (problema === 'uf_inexistente') return 'os 2 primeiros dígitos não são o código IBGE de uma UF';
  return 'dígito verificador do código IBGE não confere';
}
