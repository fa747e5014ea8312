import { AlgoritmosAssinaturaNfse, CanonicalizacoesNfse, ProvedoresNfse } from '@erp/contracts';
import { type CamposInvalidos, camposDesconhecidos, interpretarCodigoServico, municipioProblem, type Objeto } from '@erp/fiscal-rules';
import { configuracaoPadrao, type Configuracao } from '../configuracao';
import { CAMPOS, SOMENTE_LEITURA, senha, texto, type AcaoSenha } from './fields';
import { mensagemIbge } from './empresa';

/** The municipal (NFS-e) settings. */

export function validarNfse(obj: Objeto | undefined, producao: boolean, erros: CamposInvalidos): { nfse: Configuracao['nfse']; senha: AcaoSenha } {
  const nfse = configuracaoPadrao().nfse;
  if (obj === undefined) return { nfse, senha: { acao: 'manter' } };
  camposDesconhecidos(erros, obj, 'nfse', CAMPOS.nfse, SOMENTE_LEITURA.nfse);

  nfse.provedor = umDe(obj, 'provedor', ProvedoresNfse, erros, 'provedor_desconhecido') ?? null;
  nfse.algoritmoAssinatura = umDe(obj, 'algoritmoAssinatura', AlgoritmosAssinaturaNfse, erros, 'algoritmo_desconhecido') ?? nfse.algoritmoAssinatura;
  nfse.canonicalizacao = umDe(obj, 'canonicalizacao', CanonicalizacoesNfse, erros, 'canonicalizacao_desconhecida') ?? nfse.canonicalizacao;
  const endpoint = texto(obj, 'endpoint', 'nfse', erros, { max: 500 });
  if (endpoint) {
    let url: URL | null;
    try {
      url = new URL(endpoint);
    } catch {
      url = null;
    }
    // Mutual TLS with the company's certificate: only over HTTPS, in every environment (the relay calls nothing else).
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      erros.add('nfse.endpoint', 'url', 'URL absoluta https do web service (Sefin Nacional ou municipal)');
    } else if (url.protocol !== 'https:') {
      erros.add('nfse.endpoint', producao ? 'https_em_producao' : 'https_obrigatorio', 'o web service de NFS-e deve ser https (TLS mútuo com o certificado da empresa)');
    } else if (url.search || url.hash) {
      erros.add('nfse.endpoint', 'url', 'sem query string nem fragmento: a URL base do serviço');
    } else {
      nfse.endpoint = url.toString().replace(/\/+$/, '');
    }
  }
  const nbs = texto(obj, 'codigoNbs', 'nfse', erros, { max: 12 });
  if (nbs) {
    // NBS as published (1.0101.10.00) or as the DPS writes it (9 digits, TSCodNBS).
    const digitos = nbs.replace(/\./g, '');
    if (/^[0-9]{9}$/.test(digitos)) nfse.codigoNbs = digitos;
    else erros.add('nfse.codigoNbs', 'nbs_formato', 'código NBS de 9 dígitos (ex.: 1.1403.10.00 ou 114031000)');
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

/** A value of a closed list, or an error with `codigo`; undefined when absent. */
function umDe<T extends string>(obj: Objeto, chave: string, valores: readonly T[], erros: CamposInvalidos, codigo: string): T | null | undefined {
  const valor = texto(obj, chave, 'nfse', erros, { max: 40 });
  if (valor === null || valor === undefined) return valor;
  const achado = valores.find((v) => v === valor);
  if (!achado) erros.add(`nfse.${chave}`, codigo, `um de: ${valores.join(', ')}`);
  return achado;
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
