import { type CamposInvalidos, camposDesconhecidos, ehObjeto } from '@erp/fiscal-rules';
import { CERTIFICADO_MAX_BYTES } from '../configuracao';
import { isMask } from '../mask';
import { CAMPOS, SOMENTE_LEITURA, type AcaoCertificado } from './fields';

/** The A1 certificate a PUT sends (the file and its password) or keeps. */

export function validarCertificado(valor: unknown, erros: CamposInvalidos): AcaoCertificado | undefined {
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
