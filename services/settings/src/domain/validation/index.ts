import { TributosVencimentoEmpresa, type CampoInvalido } from '@erp/contracts';
import { CamposInvalidos, PRAZOS_EMPRESA_LIMITES, camposDesconhecidos, ehObjeto, lerInteiro } from '@erp/fiscal-rules';
import { interpretarAmbiente } from '../ambiente';
import { MAX_SERIES, SERIE_LIMITES, TIMEOUT_LIMITES, configuracaoPadrao, type Configuracao } from '../configuracao';
import { validarCertificado } from './certificado';
import { validarEmpresa } from './empresa';
import { CAMPOS, SOMENTE_LEITURA, objetoOpcional, type AcaoCertificado, type AcaoSenha } from './fields';
import { validarNfse } from './nfse';
import { validarAliquotasReferencia, validarRegraVencimento } from './rates';

export type { AcaoCertificado, AcaoSenha } from './fields';

interface EntradaValida {
  configuracao: Configuracao;
  nfseSenha: AcaoSenha;
  certificado: AcaoCertificado;
}

export type ResultadoValidacao = { ok: true; valor: EntradaValida } | { ok: false; campos: CampoInvalido[] };

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
