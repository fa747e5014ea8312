import { camposDesconhecidos, cUfFromSigla, ehObjeto, lerTexto, vazio, type CamposInvalidos } from '@erp/fiscal-rules';
import type { DestinatarioExterior, Exportacao } from './types';

/**
 * A recipient abroad (uf EX): `idEstrangeiro` (TString 5-20 characters without spaces, or none), the country of the
 * BACEN table (`cPais` 1-4 digits, never 1058 Brasil; the table itself is not loaded), the address, the city abroad.
 * The NF-e writes cMun 9999999, xMun EXTERIOR and UF EX (MOC, enderDest); the city goes into xCpl.
 */
const CAMPOS = ['idEstrangeiro', 'codigoPais', 'nomePais', 'logradouro', 'numero', 'complemento', 'bairro', 'cidade'];

export function lerExterior(erros: CamposInvalidos, valor: unknown): DestinatarioExterior | null | undefined {
  const campo = 'destinatario.exterior';
  if (!ehObjeto(valor)) return erros.add(campo, 'tipo', 'deve ser um objeto');
  const antes = erros.total;
  camposDesconhecidos(erros, valor, campo, CAMPOS);
  let idEstrangeiro: string | null = null;
  if (!vazio(valor.idEstrangeiro)) {
    const id = typeof valor.idEstrangeiro === 'string' ? valor.idEstrangeiro.trim() : '';
    if (!/^[!-ÿ]{5,20}$/.test(id)) erros.add(`${campo}.idEstrangeiro`, 'id_estrangeiro_formato', 'de 5 a 20 caracteres, sem espaços (idEstrangeiro da NF-e)');
    else idEstrangeiro = id;
  }
  const codigo = typeof valor.codigoPais === 'string' ? valor.codigoPais.trim() : '';
  if (!/^\d{1,4}$/.test(codigo)) erros.add(`${campo}.codigoPais`, 'pais_formato', 'código do país na tabela do BACEN, de 1 a 4 dígitos');
  else if (Number(codigo) === 1058) erros.add(`${campo}.codigoPais`, 'pais_brasil', '1058 é o Brasil: um destinatário no país informa uf e endereco');
  const nomePais = lerTexto(erros, valor.nomePais, `${campo}.nomePais`, { obrigatorio: true, min: 2, max: 60 });
  const logradouro = lerTexto(erros, valor.logradouro, `${campo}.logradouro`, { obrigatorio: true, min: 2, max: 60 });
  const numero = lerTexto(erros, valor.numero, `${campo}.numero`, { obrigatorio: true, max: 60 });
  const complemento = lerTexto(erros, valor.complemento, `${campo}.complemento`, { max: 40 });
  const bairro = lerTexto(erros, valor.bairro, `${campo}.bairro`, { min: 2, max: 60 });
  const cidade = lerTexto(erros, valor.cidade, `${campo}.cidade`, { obrigatorio: true, min: 2, max: 40 });
  if (erros.total > antes || !nomePais || !logradouro || !numero || !cidade) return undefined;
  return { idEstrangeiro, codigoPais: String(Number(codigo)), nomePais, logradouro, numero, complemento: complemento ?? null, bairro: bairro ?? null, cidade };
}

/** The `exporta` group: required on an NF-e to a recipient abroad, refused elsewhere. */
export function lerExportacao(erros: CamposInvalidos, valor: unknown, exterior: boolean, nfe: boolean): Exportacao | null {
  const campo = 'exportacao';
  if (vazio(valor)) {
    if (exterior && nfe) erros.add(campo, 'obrigatorio_exterior', 'obrigatório na NF-e a destinatário no exterior (grupo exporta: ufSaidaPais, localExportacao)');
    return null;
  }
  if (!exterior || !nfe) return erros.add(campo, 'somente_exterior', 'só se aplica à NF-e a destinatário no exterior (uf EX)') ?? null;
  if (!ehObjeto(valor)) return erros.add(campo, 'tipo', 'deve ser um objeto') ?? null;
  const antes = erros.total;
  camposDesconhecidos(erros, valor, campo, ['ufSaidaPais', 'localExportacao', 'localDespacho']);
  const uf = typeof valor.ufSaidaPais === 'string' ? valor.ufSaidaPais.trim().toUpperCase() : '';
  if (cUfFromSigla(uf) === null) erros.add(`${campo}.ufSaidaPais`, 'uf_inexistente', 'sigla da UF de embarque ou de saída do país');
  const localExportacao = lerTexto(erros, valor.localExportacao, `${campo}.localExportacao`, { obrigatorio: true, max: 60 });
  const localDespacho = lerTexto(erros, valor.localDespacho, `${campo}.localDespacho`, { max: 60 });
  if (erros.total > antes || !localExportacao) return null;
  return { ufSaidaPais: uf, localExportacao, localDespacho: localDespacho ?? null };
}
