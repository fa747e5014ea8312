import type { CampoInvalido } from '@erp/contracts';
import type { ErroSchema } from '@erp/fiscal-schemas';

/**
 * A schema error of an NF-e we built, named as the field of the emission (or of the company's settings) that
 * produced the element, so the client is told what to fix: the error's line in the indented XML says whether the
 * element belongs to the issuer, the recipient or item N. Anything else names the document as a whole.
 */
const DO_ITEM: Record<string, string> = {
  cProd: 'codigo',
  xProd: 'descricao',
  NCM: 'ncm',
  CEST: 'cest',
  CFOP: 'cfop',
  uCom: 'unidade',
  uTrib: 'unidade',
  qCom: 'quantidade',
  qTrib: 'quantidade',
  vUnCom: 'valorUnitario',
  vUnTrib: 'valorUnitario',
  vBCSTRet: 'icmsStRetido',
  pST: 'icmsStRetido',
  vICMSSubstituto: 'icmsStRetido',
  vICMSSTRet: 'icmsStRetido',
  CST: 'cst',
  CSOSN: 'csosn',
};

const ENDERECO: Record<string, string> = { xLgr: 'logradouro', nro: 'numero', xCpl: 'complemento', xBairro: 'bairro', xMun: 'municipio', CEP: 'cep', fone: 'telefone' };

const DO_DESTINATARIO: Record<string, string> = { CNPJ: 'documento', CPF: 'documento', xNome: 'nome', IE: 'inscricaoEstadual', UF: 'uf', cMun: 'codigoMunicipio' };

const DO_EMITENTE: Record<string, string> = { xNome: 'razaoSocial', IE: 'inscricaoEstadual', CNPJ: 'cnpj', UF: 'uf', cMun: 'codigoMunicipio' };

const DO_DOCUMENTO: Record<string, string> = { refCTe: 'chaveCteReferenciada', modFrete: 'modalidadeFrete' };

/** Where line `linha` of the indented XML is: the innermost of issuer, recipient or item N opened before it. */
function contexto(linhas: string[], linha: number): { parte: 'emit' | 'dest' | 'det' | 'outro'; item: number } {
  for (let i = Math.min(linha, linhas.length) - 1; i >= 0; i -= 1) {
    const texto = linhas[i].trim();
    const det = /^<det nItem="(\d+)"/.exec(texto);
    if (det) return { parte: 'det', item: Number(det[1]) - 1 };
    if (texto.startsWith('<emit>')) return { parte: 'emit', item: 0 };
    if (texto.startsWith('<dest>')) return { parte: 'dest', item: 0 };
    if (/^<\/(det|emit|dest)>/.test(texto) || texto.startsWith('<total>')) return { parte: 'outro', item: 0 };
  }
  return { parte: 'outro', item: 0 };
}

export function camposDoSchema(xmlIndentado: string, erros: ErroSchema[]): CampoInvalido[] {
  const linhas = xmlIndentado.split('\n');
  const campos = erros.map((e): CampoInvalido => {
    const elemento = /Element '(?:\{[^}]*\})?([A-Za-z0-9]+)'/.exec(e.mensagem)?.[1] ?? '';
    const { parte, item } = contexto(linhas, e.linha);
    const erro = `fora do leiaute da NF-e (schema oficial): ${e.mensagem.slice(0, 300)}`;
    if (parte === 'det') return { campo: DO_ITEM[elemento] ? `itens[${item}].${DO_ITEM[elemento]}` : `itens[${item}]`, regra: 'schema_nfe', erro };
    if (parte === 'dest') {
      const campo = DO_DESTINATARIO[elemento] ? `destinatario.${DO_DESTINATARIO[elemento]}` : ENDERECO[elemento] ? `destinatario.endereco.${ENDERECO[elemento]}` : 'destinatario';
      return { campo, regra: 'schema_nfe', erro };
    }
    if (parte === 'emit') {
      const campo = DO_EMITENTE[elemento] ? `empresa.${DO_EMITENTE[elemento]}` : ENDERECO[elemento] ? `empresa.endereco.${ENDERECO[elemento]}` : 'empresa';
      return { campo, regra: 'schema_nfe', erro };
    }
    return { campo: DO_DOCUMENTO[elemento] ?? '', regra: 'schema_nfe', erro };
  });
  return campos.filter((c, i) => campos.findIndex((o) => o.campo === c.campo) === i);
}
