import type { EnumOption, FieldDefinition } from '../types';

/**
 * Fields and value lists several entities share, so "Alta" means the same everywhere and a code field is
 * limited the same way in every entity.
 */
export function codigo(exemplo: string, descricao: string): FieldDefinition {
  return {
    campo: 'codigo',
    rotulo: 'Código',
    obrigatorio: true,
    tipo: 'texto',
    maxLength: 100,
    descricao: `${descricao} Chave do registro: no modo UPSERT, uma linha com um código já gravado atualiza esse registro.`,
    exemplo,
  };
}

export const DESCRICAO_MAXIMO = 4000;

/** Four-level scale used for incident severity and asset criticality. */
export const ESCALA_QUATRO_NIVEIS: readonly EnumOption[] = [
  { valor: 'Baixa', sinonimos: ['Baixo', 'Low'] },
  { valor: 'Média', sinonimos: ['Médio', 'Moderada', 'Moderado', 'Medium'] },
  { valor: 'Alta', sinonimos: ['Alto', 'High'] },
  { valor: 'Crítica', sinonimos: ['Crítico', 'Critical', 'Muito alta', 'Muito alto'] },
];
