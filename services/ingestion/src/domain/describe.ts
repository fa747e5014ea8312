import { FORMATOS_COMPETENCIA, FORMATOS_DATA } from './dates';
import { CODIGO_MAXIMO, TEXTO_MAXIMO_PADRAO } from './fields';
import { FORMATOS_NUMERO } from './numbers';
import type { EntityDefinition, EntityDescriptor, FieldDefinition, FieldDescriptor } from './types';

function endpointOf(entidade: string): string {
  return `POST /api/ingestao-pub/${entidade}`;
}

function limites(field: FieldDefinition): string {
  if (field.min !== undefined && field.max !== undefined) return ` De ${field.min} a ${field.max}.`;
  if (field.min !== undefined) return ` Mínimo ${field.min}.`;
  if (field.max !== undefined) return ` Máximo ${field.max}.`;
  return '';
}

/** The format rules of a field type, spelled out for the people writing an integration. */
function regraDoTipo(field: FieldDefinition): string {
  switch (field.tipo) {
    case 'enumeracao':
      return `Valores aceitos: ${(field.opcoes ?? []).map((o) => o.valor).join(', ')} (maiúsculas e acentos indiferentes).`;
    case 'data':
      return `Formatos: ${FORMATOS_DATA}. Sem fuso, vale o horário de Brasília (America/Sao_Paulo).`;
    case 'competencia':
      return `Mês/ano: ${FORMATOS_COMPETENCIA}.`;
    case 'booleano':
      return 'Sim ou Não (também aceitos: true/false, S/N).';
    case 'inteiro':
      return `Número inteiro.${limites(field)}`;
    case 'decimal':
      return `Número: ${FORMATOS_NUMERO}.${limites(field)}`;
    case 'referencia':
      return `Código (até ${field.maxLength ?? CODIGO_MAXIMO} caracteres) de um registro de ${field.referencia} da empresa; se não existir, a linha é gravada sem o vínculo, com aviso.`;
    case 'usuario':
      return 'E-mail de um usuário da empresa; se não for usuário, a linha é gravada com aviso.';
    case 'texto':
      return `Texto de até ${field.maxLength ?? TEXTO_MAXIMO_PADRAO} caracteres.`;
  }
}

function describeField(field: FieldDefinition): FieldDescriptor {
  const descricao = [field.descricao, regraDoTipo(field)].filter(Boolean).join(' ');
  return {
    campo: field.campo,
    rotulo: field.obrigatorio ? `${field.rotulo}*` : field.rotulo,
    obrigatorio: field.obrigatorio,
    tipo: field.tipo,
    ...(descricao ? { descricao } : {}),
    exemplo: field.exemplo,
  };
}

/** The discovery view of an entity (spec 2.2). */
export function describeEntity(def: EntityDefinition): EntityDescriptor {
  return {
    entidade: def.entidade,
    nome: def.nome,
    endpoint: endpointOf(def.entidade),
    campos: def.campos.map(describeField),
  };
}
