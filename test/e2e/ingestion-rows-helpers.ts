import { IngestionEntities } from '@erp/contracts';
import { rest } from '../support/env';
import { createToken, newAdmin, type Admin } from './token-helpers';

/** What the row-rule files share: a company with a token of every entity, its batches and the records stored. */
export type Modo = 'UPSERT' | 'INSERT';

export interface Outcome {
  linha: number;
  status: 'OK' | 'ERRO';
  id?: string;
  acao?: 'CRIADO' | 'ATUALIZADO' | 'INALTERADO' | 'DUPLICADO';
  duplicado?: boolean;
  aviso?: string;
  erros?: string[];
}

export interface Dados {
  entidade: string;
  modo: Modo;
  preview: boolean;
  loteId: string;
  totalLinhas: number;
  gravadas: number;
  recusadas: number;
  duplicadas: number;
  resultados: Outcome[];
}

export interface Integration {
  admin: Admin;
  token: string;
  send: (entidade: string, linhas: unknown[], options?: { preview?: boolean }) => Promise<Dados>;
  stored: (entidade: string) => Promise<{ id: string; chave: string; valores: Record<string, unknown>; vinculos: Record<string, string> | null }[]>;
}

export async function integration(modo: Modo = 'UPSERT'): Promise<Integration> {
  const admin = await newAdmin('rows');
  const { token } = await createToken(admin, { nome: `rows ${modo} ${Math.random().toString(36).slice(2)}`, entidades: [...IngestionEntities], modo });
  return {
    admin,
    token,
    async send(entidade, linhas, options = {}) {
      const path = `/api/ingestao-pub/${entidade}${options.preview ? '/preview' : ''}`;
      const response = await rest('POST', path, { bearer: token, body: { linhas } });
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
      expect(response.body.sucesso).toBe(true);
      expect(typeof response.body.mensagem).toBe('string');
      const dados = response.body.dados as Dados;
      expect(dados.totalLinhas).toBe(linhas.length);
      expect(dados.gravadas + dados.recusadas + dados.duplicadas).toBe(dados.totalLinhas);
      expect(dados.resultados.map((r) => r.linha)).toEqual(linhas.map((_, i) => i + 1));
      return dados;
    },
    async stored(entidade) {
      const result = await admin.run<{ registrosIngeridos: { itens: { id: string; chave: string; valores: string; vinculos: string | null }[] } }>(
        `query ($entidade: String!) { registrosIngeridos(entidade: $entidade, primeiros: 200) { itens { id chave valores vinculos } proximo } }`,
        { entidade },
      );
      if (result.errors || !result.data) throw new Error(`registrosIngeridos failed: ${JSON.stringify(result.errors)}`);
      return result.data.registrosIngeridos.itens.map((item) => ({
        id: item.id,
        chave: item.chave,
        valores: JSON.parse(item.valores),
        vinculos: item.vinculos ? JSON.parse(item.vinculos) : null,
      }));
    },
  };
}

export function byKey<T extends { chave: string }>(items: T[]): Record<string, T> {
  return Object.fromEntries(items.map((item) => [item.chave, item]));
}
