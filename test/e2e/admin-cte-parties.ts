import type { AdminPage } from './admin-fixtures';

/** A party of a CT-e as a person types it in the form (sender, shipper, receiver, another taker). */
export interface Parte {
  documento: string;
  nome: string;
  uf: string;
  inscricaoEstadual?: string;
  codigoMunicipio: string;
  logradouro: string;
  numero: string;
  bairro: string;
  municipio: string;
  cep: string;
}

/** Fills the party block `prefix` ("cte.remetente", "cte.expedidor", ...): CNPJ / CPF, IE and CEP key by key (the masks act on each key). */
export async function preencherParte(fixture: AdminPage, prefix: string, parte: Parte): Promise<void> {
  const { byId, typeKeys } = fixture;
  await typeKeys(`${prefix}.documento`, parte.documento);
  await byId(`${prefix}.nome`).fill(parte.nome);
  await byId(`${prefix}.uf`).selectOption(parte.uf);
  if (parte.inscricaoEstadual) await typeKeys(`${prefix}.inscricaoEstadual`, parte.inscricaoEstadual);
  await byId(`${prefix}.codigoMunicipio`).fill(parte.codigoMunicipio);
  await byId(`${prefix}.endereco.logradouro`).fill(parte.logradouro);
  await byId(`${prefix}.endereco.numero`).fill(parte.numero);
  await byId(`${prefix}.endereco.bairro`).fill(parte.bairro);
  await byId(`${prefix}.endereco.municipio`).fill(parte.municipio);
  await typeKeys(`${prefix}.endereco.cep`, parte.cep);
}

/** The sender both CT-e test files use: an industry on Avenida Paulista, São Paulo, with its IE. */
export const REMETENTE_SP: Parte = {
  documento: '11222333000181',
  nome: 'Remetente Indústria Ltda',
  uf: 'SP',
  inscricaoEstadual: '110042490114',
  codigoMunicipio: '3550308',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  bairro: 'Bela Vista',
  municipio: 'São Paulo',
  cep: '01310100',
};
