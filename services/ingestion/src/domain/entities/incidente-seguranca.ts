import type { EntityDefinition } from '../types';
import { codigo, DESCRICAO_MAXIMO, ESCALA_QUATRO_NIVEIS } from './shared';

/**
 * Security incident. `tipo` is the violated property of the CIA triad, never the attack vector: a
 * "Ransomware" incident is an Availability (and often Confidentiality) incident, so vectors are refused.
 */
export const incidenteSeguranca: EntityDefinition = {
  entidade: 'incidente_seguranca',
  nome: 'Incidente de segurança',
  chave: 'codigo',
  campos: [
    codigo('INC-2026-0001', 'Identificador do incidente no sistema de origem.'),
    { campo: 'titulo', rotulo: 'Título', obrigatorio: false, tipo: 'texto', maxLength: 200, exemplo: 'Acesso indevido ao servidor de arquivos' },
    {
      campo: 'descricao',
      rotulo: 'Descrição',
      obrigatorio: false,
      tipo: 'texto',
      maxLength: DESCRICAO_MAXIMO,
      exemplo: 'Conta de serviço usada fora do horário para copiar pastas do financeiro.',
    },
    {
      campo: 'tipo',
      rotulo: 'Tipo',
      obrigatorio: true,
      tipo: 'enumeracao',
      descricao: 'Propriedade da informação violada (não o vetor de ataque: "Ransomware", "Phishing" etc. não são tipos).',
      opcoes: [
        { valor: 'Confidencialidade', sinonimos: ['Confidentiality', 'C'] },
        { valor: 'Integridade', sinonimos: ['Integrity', 'I'] },
        { valor: 'Disponibilidade', sinonimos: ['Availability', 'D'] },
      ],
      exemplo: 'Confidencialidade',
    },
    { campo: 'severidade', rotulo: 'Severidade', obrigatorio: false, tipo: 'enumeracao', opcoes: ESCALA_QUATRO_NIVEIS, exemplo: 'Alta' },
    { campo: 'dataDeteccao', rotulo: 'Data de detecção', obrigatorio: false, tipo: 'data', exemplo: '15/03/2026 14:30' },
    {
      campo: 'status',
      rotulo: 'Status',
      obrigatorio: false,
      tipo: 'enumeracao',
      opcoes: [
        { valor: 'Aberto', sinonimos: ['Novo', 'Open', 'Registrado'] },
        { valor: 'Em análise', sinonimos: ['Em investigação', 'Investigando', 'Analisando', 'Triagem'] },
        { valor: 'Em tratamento', sinonimos: ['Em andamento', 'Em contenção', 'Contido', 'Tratando'] },
        { valor: 'Encerrado', sinonimos: ['Fechado', 'Resolvido', 'Concluído', 'Closed', 'Finalizado'] },
      ],
      exemplo: 'Em análise',
    },
    {
      campo: 'ativoAfetado',
      rotulo: 'Ativo afetado',
      obrigatorio: false,
      tipo: 'referencia',
      referencia: 'ativo_informacao',
      exemplo: 'ATV-0001',
    },
    {
      campo: 'dadosPessoaisEnvolvidos',
      rotulo: 'Dados pessoais envolvidos',
      obrigatorio: false,
      tipo: 'booleano',
      descricao: 'Se o incidente envolve dados pessoais (LGPD).',
      exemplo: 'Sim',
    },
    {
      campo: 'rootCause',
      rotulo: 'Causa raiz',
      obrigatorio: false,
      tipo: 'texto',
      maxLength: DESCRICAO_MAXIMO,
      exemplo: 'Senha da conta de serviço sem rotação desde 2023.',
    },
    {
      campo: 'responsavel',
      rotulo: 'Responsável',
      obrigatorio: false,
      tipo: 'usuario',
      descricao: 'Quem conduz o tratamento do incidente.',
      exemplo: 'maria.silva@empresa.com.br',
    },
    { campo: 'dataEncerramento', rotulo: 'Data de encerramento', obrigatorio: false, tipo: 'data', exemplo: '20/03/2026' },
  ],
};
