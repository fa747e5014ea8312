import { type CamposInvalidos, camposDesconhecidos, interpretarCodigoServico, municipioProblem, type Objeto } from '@erp/fiscal-rules';
import { configuracaoPadrao, type Configuracao } from '../configuracao';
import { CAMPOS, SOMENTE_LEITURA, senha, texto, type AcaoSenha } from './fields';
import { mensagemIbge } from './empresa';

/** The municipal (NFS-e) settings. */

export function validarNfse(obj: Objeto | undefined, producao: boolean, erros: CamposInvalidos): { nfse: Configuracao['nfse']; senha: AcaoSenha } {
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
