import {
  ANOS_ALIQUOTA_REFERENCIA,
  AjustesVencimento,
  PRIMEIRO_ANO_IBS_REFERENCIA,
  RegimesTributarios,
  TributosVencimentoEmpresa,
  type AliquotaReferenciaAno,
  type CampoInvalido,
  type RegimeTributario,
  type RegraVencimento,
} from '@erp/contracts';
import {
  CamposInvalidos,
  PRAZOS_EMPRESA_LIMITES,
  caminho,
  camposDesconhecidos,
  cUfFromMunicipio,
  cUfFromSigla,
  cnpjProblem,
  ehObjeto,
  interpretarCodigoServico,
  lerEndereco,
  lerInscricaoEstadual,
  lerInteiro,
  lerTexto,
  municipioProblem,
  normalizeCnpj,
  type Objeto,
} from '@erp/fiscal-rules';
import { interpretarAmbiente } from './ambiente';
import {
  ALIQUOTA_DAS_PADRAO,
  CERTIFICADO_MAX_BYTES,
  MAX_SERIES,
  SERIE_LIMITES,
  TIMEOUT_LIMITES,
  configuracaoPadrao,
  type Configuracao,
} from './configuracao';
import { isMask } from './mask';

/** What a PUT asks for a secret: keep what is stored (omitted or mask), remove it (null), or set a new one. */
export type AcaoSenha = { acao: 'manter' } | { acao: 'remover' } | { acao: 'definir'; valor: string };
export type AcaoCertificado =
  | { acao: 'manter' }
  | { acao: 'remover' }
  | { acao: 'definir'; arquivo: Buffer; senha: string };

interface EntradaValida {
  configuracao: Configuracao;
  nfseSenha: AcaoSenha;
  certificado: AcaoCertificado;
}

export type ResultadoValidacao = { ok: true; valor: EntradaValida } | { ok: false; campos: CampoInvalido[] };

/**
 * Fields the GET returns that a PUT may send back unchanged (a UI round trip) and that are ignored, because
 * they are derived or read-only. Anything else not in the model is refused.
 */
const SOMENTE_LEITURA = {
  raiz: ['versao', 'atualizadoEm'],
  certificadoA1: ['titular', 'cnpj', 'emissor', 'numeroSerie', 'validoDe', 'validoAte', 'diasParaExpirar', 'aviso'],
  nfse: ['descricaoServico'],
};

const CAMPOS = {
  raiz: ['ambiente', 'seriePadrao', 'series', 'emissaoAutomatica', 'timeoutSegundos', 'prazosCancelamento', 'vencimentos', 'aliquotasReferencia', 'certificadoA1', 'nfse', 'empresa'],
  prazosCancelamento: Object.keys(PRAZOS_EMPRESA_LIMITES),
  vencimentos: [...TributosVencimentoEmpresa],
  regraVencimento: ['dia', 'ajuste'],
  aliquotaReferencia: ['ano', 'cbs', 'ibsUf', 'ibsMun'],
  certificadoA1: ['arquivoBase64', 'senha'],
  nfse: ['provedor', 'endpoint', 'codigoCidade', 'inscricaoMunicipal', 'codigoServico', 'codigoServicoNacional', 'usuario', 'senha'],
  empresa: ['cnpj', 'razaoSocial', 'inscricaoEstadual', 'uf', 'codigoMunicipio', 'regimeTributario', 'aliquotaDas', 'endereco', 'inicioAtividade'],
  endereco: ['logradouro', 'numero', 'complemento', 'bairro', 'municipio', 'cep', 'telefone'],
};

/** Optional text of `obj[chave]` under `prefixo` (the shared text rule: trimmed, bounded, no control characters). */
function texto(obj: Objeto, chave: string, prefixo: string, erros: CamposInvalidos, limites: { max: number; min?: number }): string | null | undefined {
  return lerTexto(erros, obj[chave], caminho(prefixo, chave), limites);
}

function senha(obj: Objeto, chave: string, campo: string, erros: CamposInvalidos): AcaoSenha | undefined {
  const valor = obj[chave];
  if (valor === undefined) return { acao: 'manter' };
  if (valor === null || valor === '') return { acao: 'remover' };
  if (typeof valor !== 'string') return erros.add(campo, 'tipo', 'deve ser texto');
  if (isMask(valor)) return { acao: 'manter' };
  if (valor.length > 256) return erros.add(campo, 'tamanho_maximo', 'no máximo 256 caracteres');
  return { acao: 'definir', valor };
}

function validarEmpresa(obj: Objeto | undefined, erros: CamposInvalidos): Configuracao['empresa'] {
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

function mensagemIbge(problema: string): string {
  if (problema === 'formato') return 'código IBGE tem 7 dígitos';
  if (problema === 'uf_inexistente') return 'os 2 primeiros dígitos não são o código IBGE de uma UF';
  return 'dígito verificador do código IBGE não confere';
}

function validarNfse(obj: Objeto | undefined, producao: boolean, erros: CamposInvalidos): { nfse: Configuracao['nfse']; senha: AcaoSenha } {
  const nfse = configuracaoPadrao().nfse;
  if (obj === undefined) return { nfse, senha: { acao: 'manter' } };
  camposDesconhecidos(erros, obj, 'nfse', CAMPOS.nfse, SOMENTE_LEITURA.nfse);

  nfse.provedor = texto(obj, 'provedor', 'nfse', erros, { max: 60 }) ?? null;
  const endpoint = texto(obj, 'endpoint', 'nfse', erros, { max: 500 });
  if (endpoint) {
    let url: URL | null;
    try {
      url = new URL(endpoint);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      erros.add('nfse.endpoint', 'url', 'URL absoluta http(s) do web service municipal');
    } else if (producao && url.protocol !== 'https:') {
      erros.add('nfse.endpoint', 'https_em_producao', 'em PRODUÇÃO o web service deve ser https');
    } else {
      nfse.endpoint = url.toString();
    }
  }
  const cidade = texto(obj, 'codigoCidade', 'nfse', erros, { max: 7 });
  if (cidade) {
    const problema = municipioProblem(cidade);
    if (problema) erros.add('nfse.codigoCidade', `ibge_${problema}`, mensagemIbge(problema));
    else nfse.codigoCidade = cidade;
  }
  const im = texto(obj, 'inscricaoMunicipal', 'nfse', erros, { max: 20 });
  if (im) {
    if (/^[0-9A-Za-z.\-/]+$/.test(im)) nfse.inscricaoMunicipal = im;
    else erros.add('nfse.inscricaoMunicipal', 'inscricao_municipal_formato', 'letras, dígitos, ponto, hífen ou barra');
  }
  validarCodigoServico(obj, nfse, erros);
  nfse.usuario = texto(obj, 'usuario', 'nfse', erros, { max: 120 }) ?? null;
  return { nfse, senha: senha(obj, 'senha', 'nfse.senha', erros) ?? { acao: 'manter' } };
}

/** Keeps both forms; when both are sent (a GET round trip) the national code must be of the same item. */
function validarCodigoServico(obj: Objeto, nfse: Configuracao['nfse'], erros: CamposInvalidos): void {
  const codigo = texto(obj, 'codigoServico', 'nfse', erros, { max: 6 });
  const nacional = texto(obj, 'codigoServicoNacional', 'nfse', erros, { max: 6 });
  const lidoCodigo = codigo ? interpretarCodigoServico(codigo) : null;
  const lidoNacional = nacional ? (/^\d{6}$/.test(nacional) ? interpretarCodigoServico(nacional) : 'formato') : null;
  for (const [campo, lido] of [['nfse.codigoServico', lidoCodigo], ['nfse.codigoServicoNacional', lidoNacional]] as const) {
    if (lido === 'formato') erros.add(campo, 'lc116_formato', 'item NN.NN da LC 116/2003 ou código nacional de 6 dígitos');
    if (lido === 'item_inexistente') erros.add(campo, 'lc116_item_inexistente', 'item não consta da lista da LC 116/2003');
  }
  const a = typeof lidoCodigo === 'object' ? lidoCodigo : null;
  const b = typeof lidoNacional === 'object' ? lidoNacional : null;
  if (a && b && a.item !== b.item) {
    erros.add('nfse.codigoServicoNacional', 'lc116_codigos_divergentes', `não corresponde ao item ${a.item}`);
    return;
  }
  const escolhido = b ?? a;
  if (escolhido) {
    nfse.codigoServico = escolhido.item;
    nfse.codigoServicoNacional = b?.nacional ?? escolhido.nacional;
  }
}

function validarCertificado(valor: unknown, erros: CamposInvalidos): AcaoCertificado | undefined {
  if (valor === undefined) return { acao: 'manter' };
  if (valor === null) return { acao: 'remover' };
  if (!ehObjeto(valor)) return erros.add('certificadoA1', 'tipo', 'deve ser um objeto { arquivoBase64, senha } ou null');
  camposDesconhecidos(erros, valor, 'certificadoA1', CAMPOS.certificadoA1, SOMENTE_LEITURA.certificadoA1);
  const { arquivoBase64, senha: senhaCert } = valor;
  if (arquivoBase64 === undefined || arquivoBase64 === null) {
    // No new file: only a mask (or nothing) may come with it, since a password alone changes nothing.
    if (senhaCert !== undefined && senhaCert !== null && !(typeof senhaCert === 'string' && isMask(senhaCert))) {
      return erros.add('certificadoA1.senha', 'requer_arquivo', 'a senha só pode ser enviada junto com o arquivo .pfx');
    }
    return { acao: 'manter' };
  }
  let arquivo: Buffer | undefined;
  if (typeof arquivoBase64 !== 'string') {
    erros.add('certificadoA1.arquivoBase64', 'tipo', 'deve ser texto base64');
  } else {
    const limpo = arquivoBase64.replace(/\s/g, '');
    if (limpo.length > Math.ceil(CERTIFICADO_MAX_BYTES / 3) * 4) {
      erros.add('certificadoA1.arquivoBase64', 'tamanho_maximo', `arquivo de no máximo ${CERTIFICADO_MAX_BYTES} bytes`);
    } else if (limpo === '' || limpo.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(limpo)) {
      erros.add('certificadoA1.arquivoBase64', 'base64', 'conteúdo do arquivo .pfx em base64');
    } else {
      arquivo = Buffer.from(limpo, 'base64');
    }
  }
  if (typeof senhaCert !== 'string') {
    erros.add('certificadoA1.senha', 'obrigatorio', 'a senha do arquivo .pfx acompanha o arquivo');
    return undefined;
  }
  if (isMask(senhaCert)) {
    erros.add('certificadoA1.senha', 'mascara_com_arquivo', 'um arquivo novo precisa da sua senha, não da máscara');
    return undefined;
  }
  return arquivo ? { acao: 'definir', arquivo, senha: senhaCert } : undefined;
}

/**
 * Validates a whole PUT body and reports every broken rule at once. PUT replaces the settings: an omitted
 * non-secret field takes its default; an omitted or masked secret keeps the stored one.
 * `temCertificado` says whether a certificate is stored (it then needs the company CNPJ to be compared with).
 */
export function validarEntrada(corpo: unknown, contexto: { temCertificado: boolean }): ResultadoValidacao {
  const erros = new CamposInvalidos();
  if (!ehObjeto(corpo)) {
    return { ok: false, campos: [{ campo: '', regra: 'tipo', erro: 'o corpo deve ser um objeto JSON' }] };
  }
  camposDesconhecidos(erros, corpo, '', CAMPOS.raiz, SOMENTE_LEITURA.raiz);
  const configuracao = configuracaoPadrao();

  if (corpo.ambiente !== undefined) {
    const ambiente = typeof corpo.ambiente === 'string' ? interpretarAmbiente(corpo.ambiente) : null;
    if (ambiente) configuracao.ambiente = ambiente;
    else erros.add('ambiente', 'valores_permitidos', 'HOMOLOGAÇÃO ou PRODUÇÃO (com ou sem acentos)');
  }
  if (corpo.seriePadrao !== undefined) {
    const serie = lerInteiro(erros, corpo.seriePadrao, 'seriePadrao', SERIE_LIMITES);
    if (serie !== undefined) configuracao.seriePadrao = serie;
  }
  configuracao.series = [configuracao.seriePadrao];
  if (corpo.series !== undefined) {
    if (!Array.isArray(corpo.series)) {
      erros.add('series', 'tipo', 'deve ser uma lista de números de série');
    } else if (corpo.series.length === 0 || corpo.series.length > MAX_SERIES) {
      erros.add('series', 'tamanho_lista', `de 1 a ${MAX_SERIES} séries`);
    } else {
      const series = corpo.series.map((s, i) => lerInteiro(erros, s, `series[${i}]`, SERIE_LIMITES));
      if (series.every((s) => s !== undefined)) {
        const unicas = [...new Set(series)];
        if (unicas.length !== series.length) erros.add('series', 'series_repetidas', 'uma série aparece mais de uma vez');
        else if (!unicas.includes(configuracao.seriePadrao)) {
          erros.add('series', 'contem_serie_padrao', `a lista deve conter a série padrão ${configuracao.seriePadrao}`);
        } else configuracao.series = unicas.sort((a, b) => a - b);
      }
    }
  }
  if (corpo.emissaoAutomatica !== undefined) {
    if (typeof corpo.emissaoAutomatica === 'boolean') configuracao.emissaoAutomatica = corpo.emissaoAutomatica;
    else erros.add('emissaoAutomatica', 'tipo', 'deve ser true ou false');
  }
  if (corpo.timeoutSegundos !== undefined) {
    const timeout = lerInteiro(erros, corpo.timeoutSegundos, 'timeoutSegundos', TIMEOUT_LIMITES);
    if (timeout !== undefined) configuracao.timeoutSegundos = timeout;
  }

  const prazos = objetoOpcional(corpo, 'prazosCancelamento', erros);
  if (prazos) {
    camposDesconhecidos(erros, prazos, 'prazosCancelamento', CAMPOS.prazosCancelamento);
    for (const [chave, limites] of Object.entries(PRAZOS_EMPRESA_LIMITES) as [keyof typeof PRAZOS_EMPRESA_LIMITES, { min: number; max: number }][]) {
      const valor = prazos[chave];
      // null or absent: the legal default; a value beyond the legal maximum is refused, not silently capped.
      if (valor !== undefined && valor !== null) configuracao.prazosCancelamento[chave] = lerInteiro(erros, valor, `prazosCancelamento.${chave}`, limites) ?? null;
    }
  }

  const vencimentos = objetoOpcional(corpo, 'vencimentos', erros);
  if (vencimentos) {
    camposDesconhecidos(erros, vencimentos, 'vencimentos', CAMPOS.vencimentos);
    for (const tributo of TributosVencimentoEmpresa) configuracao.vencimentos[tributo] = validarRegraVencimento(vencimentos, tributo, erros);
  }
  configuracao.aliquotasReferencia = validarAliquotasReferencia(corpo.aliquotasReferencia, erros);

  const empresa = objetoOpcional(corpo, 'empresa', erros);
  configuracao.empresa = validarEmpresa(empresa, erros);
  const nfseObj = objetoOpcional(corpo, 'nfse', erros);
  const { nfse, senha: nfseSenha } = validarNfse(nfseObj, configuracao.ambiente === 'PRODUÇÃO', erros);
  configuracao.nfse = nfse;
  const certificado = validarCertificado(corpo.certificadoA1, erros);

  const comCertificado = certificado?.acao === 'definir' || (certificado?.acao === 'manter' && contexto.temCertificado);
  const cnpjComErro = erros.lista.some((e) => e.campo === 'empresa.cnpj');
  if (comCertificado && configuracao.empresa.cnpj === null && !cnpjComErro) {
    erros.add('empresa.cnpj', 'obrigatorio_com_certificado', 'o CNPJ da empresa é comparado com o do certificado A1');
  }

  if (erros.lista.length > 0 || !certificado) return { ok: false, campos: erros.lista };
  return { ok: true, valor: { configuracao, nfseSenha, certificado } };
}

/** A due day (1-31) and how it moves off a non-business day; null or absent: the default rule of that tax. */
function validarRegraVencimento(vencimentos: Objeto, chave: (typeof TributosVencimentoEmpresa)[number], erros: CamposInvalidos): RegraVencimento | null {
  const regra = objetoOpcional(vencimentos, chave, erros, 'vencimentos');
  if (!regra) return null;
  const prefixo = `vencimentos.${chave}`;
  camposDesconhecidos(erros, regra, prefixo, CAMPOS.regraVencimento);
  const dia = regra.dia === undefined || regra.dia === null ? erros.add(`${prefixo}.dia`, 'obrigatorio', 'informe o dia do vencimento (1 a 31)') : lerInteiro(erros, regra.dia, `${prefixo}.dia`, { min: 1, max: 31 });
  const ajuste = AjustesVencimento.find((valor) => valor === regra.ajuste);
  if (!ajuste) erros.add(`${prefixo}.ajuste`, 'valor_permitido', `deve ser ${AjustesVencimento.join(' ou ')} (dia não útil: próximo ou anterior dia útil)`);
  return dia === undefined || !ajuste ? null : { dia, ajuste };
}

/**
 * The company's CBS/IBS rates per year (absent or null: none): years 2027-2040, each once; rates in percent,
 * 0 to 50 with at most 4 decimals (what the tax engine accepts); IBS rates only from 2029 (2026-2028 are fixed by
 * law); an entry with no rate at all is refused rather than kept empty. Kept sorted by year.
 */
function validarAliquotasReferencia(valor: unknown, erros: CamposInvalidos): AliquotaReferenciaAno[] {
  if (valor === undefined || valor === null) return [];
  const { min, max } = ANOS_ALIQUOTA_REFERENCIA;
  if (!Array.isArray(valor)) return erros.add('aliquotasReferencia', 'tipo', 'deve ser uma lista de { ano, cbs, ibsUf, ibsMun }') ?? [];
  if (valor.length > max - min + 1) return erros.add('aliquotasReferencia', 'tamanho_maximo', `no máximo ${max - min + 1} anos`) ?? [];
  const lidas: AliquotaReferenciaAno[] = [];
  valor.forEach((item: unknown, i) => {
    const prefixo = `aliquotasReferencia[${i}]`;
    if (!ehObjeto(item)) return erros.add(prefixo, 'tipo', 'deve ser um objeto { ano, cbs, ibsUf, ibsMun }');
    camposDesconhecidos(erros, item, prefixo, CAMPOS.aliquotaReferencia);
    const ano = item.ano === undefined || item.ano === null ? erros.add(`${prefixo}.ano`, 'obrigatorio', `informe o ano (${min} a ${max})`) : lerInteiro(erros, item.ano, `${prefixo}.ano`, { min, max });
    if (ano !== undefined && lidas.some((l) => l.ano === ano)) erros.add(`${prefixo}.ano`, 'repetido', `o ano ${ano} aparece mais de uma vez`);
    const taxa = (chave: 'cbs' | 'ibsUf' | 'ibsMun'): number | null => {
      const v = item[chave];
      if (v === undefined || v === null) return null;
      const campo = `${prefixo}.${chave}`;
      if (typeof v !== 'number' || !Number.isFinite(v)) return erros.add(campo, 'tipo', 'deve ser um número (percentual)') ?? null;
      if (v < 0 || v > 50) return erros.add(campo, 'intervalo', 'percentual de 0 a 50') ?? null;
      if (Math.round(v * 10_000) / 10_000 !== v) return erros.add(campo, 'casas_decimais', 'no máximo 4 casas decimais') ?? null;
      if (chave !== 'cbs' && ano !== undefined && ano < PRIMEIRO_ANO_IBS_REFERENCIA) {
        return erros.add(campo, 'nao_se_aplica', `o IBS de ${ano} é fixado na lei; informe-o só a partir de ${PRIMEIRO_ANO_IBS_REFERENCIA}`) ?? null;
      }
      return v;
    };
    const aliquotas = { cbs: taxa('cbs'), ibsUf: taxa('ibsUf'), ibsMun: taxa('ibsMun') };
    if (Object.values(aliquotas).every((v) => v === null) && !erros.lista.some((e) => e.campo.startsWith(`${prefixo}.`))) {
      erros.add(prefixo, 'obrigatorio', 'informe ao menos uma alíquota (cbs, ibsUf ou ibsMun)');
    }
    if (ano !== undefined) lidas.push({ ano, ...aliquotas });
  });
  return lidas.sort((a, b) => a.ano - b.ano);
}

function objetoOpcional(corpo: Objeto, chave: string, erros: CamposInvalidos, prefixo = ''): Objeto | undefined {
  const valor = corpo[chave];
  if (valor === undefined || valor === null) return undefined;
  if (!ehObjeto(valor)) return erros.add(caminho(prefixo, chave), 'tipo', 'deve ser um objeto');
  return valor;
}
