import type { EntityDefinition } from '../types';
import { codigo, DESCRICAO_MAXIMO } from './shared';

/**
 * Corporate risk of the risk register (ISO 31000). Probability and impact are the usual 1-5 scales;
 * `nivel` is the rating the source system assigned (it is stored as sent, not recomputed, because each
 * company calibrates its own matrix).
 */
export const riscoCorporativo: EntityDefinition = {
  entidade: 'risco_corporativo',
  nome: 'Risco corporativo',
  chave: 'codigo',
  campos: [
    codigo('RSK-042', 'Identificador do risco no registro de riscos de origem.'),
    { campo: 'titulo', rotulo: 'Título', obrigatorio: true, tipo: 'texto', maxLength: 200, exemplo: 'Indisponibilidade do ERP no fechamento mensal' },
    {
      campo: 'descricao',
      rotulo: 'Descrição',
      obrigatorio: false,
      tipo: 'texto',
      maxLength: DESCRICAO_MAXIMO,
      exemplo: 'Falha do ambiente único do ERP impede o faturamento nos últimos dias do mês.',
    },
    {
      campo: 'categoria',
      rotulo: 'Categoria',
      obrigatorio: false,
      tipo: 'enumeracao',
      opcoes: [
        { valor: 'Estratégico', sinonimos: ['Estrategia', 'Strategic'] },
        { valor: 'Operacional', sinonimos: ['Operação', 'Operational'] },
        { valor: 'Financeiro', sinonimos: ['Financial', 'Mercado', 'Crédito', 'Liquidez'] },
        { valor: 'Conformidade', sinonimos: ['Compliance', 'Regulatório', 'Legal', 'Jurídico'] },
        { valor: 'Tecnológico', sinonimos: ['Tecnologia', 'TI', 'Cibernético', 'Segurança da informação'] },
        { valor: 'Reputacional', sinonimos: ['Imagem', 'Reputação'] },
        { valor: 'Socioambiental', sinonimos: ['Ambiental', 'Social', 'ESG', 'Climático'] },
      ],
      exemplo: 'Operacional',
    },
    {
      campo: 'probabilidade',
      rotulo: 'Probabilidade',
      obrigatorio: false,
      tipo: 'inteiro',
      min: 1,
      max: 5,
      descricao: 'Escala de 1 (rara) a 5 (quase certa).',
      exemplo: '3',
    },
    {
      campo: 'impacto',
      rotulo: 'Impacto',
      obrigatorio: false,
      tipo: 'inteiro',
      min: 1,
      max: 5,
      descricao: 'Escala de 1 (insignificante) a 5 (catastrófico).',
      exemplo: '4',
    },
    {
      campo: 'nivel',
      rotulo: 'Nível',
      obrigatorio: false,
      tipo: 'enumeracao',
      descricao: 'Nível do risco inerente conforme a matriz da empresa.',
      opcoes: [
        { valor: 'Baixo', sinonimos: ['Baixa', 'Low'] },
        { valor: 'Médio', sinonimos: ['Média', 'Moderado', 'Moderada', 'Medium'] },
        { valor: 'Alto', sinonimos: ['Alta', 'High'] },
        { valor: 'Crítico', sinonimos: ['Crítica', 'Extremo', 'Critical', 'Muito alto'] },
      ],
      exemplo: 'Alto',
    },
    {
      campo: 'tratamento',
      rotulo: 'Tratamento',
      obrigatorio: false,
      tipo: 'enumeracao',
      descricao: 'Resposta escolhida para o risco.',
      opcoes: [
        { valor: 'Mitigar', sinonimos: ['Mitigação', 'Reduzir', 'Tratar'] },
        { valor: 'Aceitar', sinonimos: ['Aceitação', 'Reter'] },
        { valor: 'Transferir', sinonimos: ['Transferência', 'Compartilhar', 'Seguro'] },
        { valor: 'Evitar', sinonimos: ['Eliminar', 'Evitação'] },
      ],
      exemplo: 'Mitigar',
    },
    {
      campo: 'responsavel',
      rotulo: 'Responsável',
      obrigatorio: false,
      tipo: 'usuario',
      descricao: 'Dono do risco.',
      exemplo: 'ana.lima@empresa.com.br',
    },
    {
      campo: 'status',
      rotulo: 'Status',
      obrigatorio: false,
      tipo: 'enumeracao',
      opcoes: [
        { valor: 'Identificado', sinonimos: ['Novo', 'Aberto'] },
        { valor: 'Em análise', sinonimos: ['Em avaliação', 'Avaliando'] },
        { valor: 'Em tratamento', sinonimos: ['Em andamento', 'Tratando'] },
        { valor: 'Monitorado', sinonimos: ['Em monitoramento', 'Monitorando'] },
        { valor: 'Encerrado', sinonimos: ['Fechado', 'Extinto', 'Concluído'] },
      ],
      exemplo: 'Em tratamento',
    },
    { campo: 'dataIdentificacao', rotulo: 'Data de identificação', obrigatorio: false, tipo: 'data', exemplo: '10/02/2026' },
    { campo: 'dataRevisao', rotulo: 'Próxima revisão', obrigatorio: false, tipo: 'data', exemplo: '10/08/2026' },
  ],
};
