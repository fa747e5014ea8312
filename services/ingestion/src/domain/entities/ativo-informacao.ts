import type { EntityDefinition } from '../types';
import { codigo, DESCRICAO_MAXIMO, ESCALA_QUATRO_NIVEIS } from './shared';

/** Information asset of the inventory (ISO 27001 A.5.9); incidents and risks point at it by `codigo`. */
export const ativoInformacao: EntityDefinition = {
  entidade: 'ativo_informacao',
  nome: 'Ativo de informação',
  chave: 'codigo',
  campos: [
    codigo('ATV-0001', 'Identificador do ativo no inventário de origem.'),
    { campo: 'nome', rotulo: 'Nome', obrigatorio: true, tipo: 'texto', maxLength: 200, exemplo: 'Servidor de arquivos do financeiro' },
    {
      campo: 'descricao',
      rotulo: 'Descrição',
      obrigatorio: false,
      tipo: 'texto',
      maxLength: DESCRICAO_MAXIMO,
      exemplo: 'Compartilhamento de rede com planilhas de contas a pagar.',
    },
    {
      campo: 'tipo',
      rotulo: 'Tipo',
      obrigatorio: false,
      tipo: 'enumeracao',
      opcoes: [
        { valor: 'Hardware', sinonimos: ['Equipamento', 'Servidor', 'Estação de trabalho'] },
        { valor: 'Software', sinonimos: ['Sistema', 'Aplicação', 'Aplicativo'] },
        { valor: 'Informação', sinonimos: ['Dados', 'Base de dados', 'Banco de dados', 'Documento'] },
        { valor: 'Serviço', sinonimos: ['Serviço em nuvem', 'SaaS'] },
        { valor: 'Infraestrutura', sinonimos: ['Rede', 'Instalação', 'Instalações'] },
        { valor: 'Pessoa', sinonimos: ['Pessoas', 'Colaborador'] },
      ],
      exemplo: 'Hardware',
    },
    {
      campo: 'classificacao',
      rotulo: 'Classificação',
      obrigatorio: false,
      tipo: 'enumeracao',
      descricao: 'Classificação da informação quanto ao sigilo.',
      opcoes: [
        { valor: 'Pública', sinonimos: ['Público', 'Public', 'Ostensiva'] },
        { valor: 'Interna', sinonimos: ['Uso interno', 'Internal', 'Interno'] },
        { valor: 'Confidencial', sinonimos: ['Confidential', 'Sigilosa', 'Sigiloso'] },
        { valor: 'Restrita', sinonimos: ['Restrito', 'Restricted', 'Secreta', 'Secreto'] },
      ],
      exemplo: 'Confidencial',
    },
    {
      campo: 'proprietario',
      rotulo: 'Proprietário',
      obrigatorio: false,
      tipo: 'usuario',
      descricao: 'Dono do ativo, responsável por sua classificação e acessos.',
      exemplo: 'joao.souza@empresa.com.br',
    },
    { campo: 'localizacao', rotulo: 'Localização', obrigatorio: false, tipo: 'texto', maxLength: 200, exemplo: 'Datacenter São Paulo - rack 12' },
    { campo: 'criticidade', rotulo: 'Criticidade', obrigatorio: false, tipo: 'enumeracao', opcoes: ESCALA_QUATRO_NIVEIS, exemplo: 'Alta' },
    {
      campo: 'contemDadosPessoais',
      rotulo: 'Contém dados pessoais',
      obrigatorio: false,
      tipo: 'booleano',
      descricao: 'Se o ativo armazena ou trata dados pessoais (LGPD).',
      exemplo: 'Não',
    },
    {
      campo: 'status',
      rotulo: 'Status',
      obrigatorio: false,
      tipo: 'enumeracao',
      opcoes: [
        { valor: 'Em uso', sinonimos: ['Ativo', 'Em produção', 'Operacional'] },
        { valor: 'Em manutenção', sinonimos: ['Manutenção'] },
        { valor: 'Desativado', sinonimos: ['Inativo', 'Descontinuado'] },
        { valor: 'Descartado', sinonimos: ['Baixado', 'Alienado'] },
      ],
      exemplo: 'Em uso',
    },
    { campo: 'dataAquisicao', rotulo: 'Data de aquisição', obrigatorio: false, tipo: 'data', exemplo: '02/01/2024' },
  ],
};
