import type { EntityDefinition } from '../types';
import { codigo } from './shared';

/** Energy consumed by one site in one month, per source (GRI 302-1 / inventory of Scope 2). */
export const consumoEnergia: EntityDefinition = {
  entidade: 'consumo_energia',
  nome: 'Consumo de energia',
  chave: 'codigo',
  campos: [
    codigo('ENE-SP01-2026-03', 'Identificador do lançamento (por exemplo unidade + competência + fonte).'),
    {
      campo: 'unidade',
      rotulo: 'Unidade (site)',
      obrigatorio: true,
      tipo: 'texto',
      maxLength: 200,
      descricao: 'Site, filial ou instalação que consumiu a energia.',
      exemplo: 'Fábrica Campinas',
    },
    { campo: 'competencia', rotulo: 'Competência', obrigatorio: true, tipo: 'competencia', exemplo: '03/2026' },
    {
      campo: 'fonte',
      rotulo: 'Fonte',
      obrigatorio: false,
      tipo: 'enumeracao',
      opcoes: [
        { valor: 'Rede elétrica', sinonimos: ['Rede', 'Concessionária', 'Distribuidora', 'Grid', 'SIN', 'Mercado cativo'] },
        { valor: 'Mercado livre', sinonimos: ['ACL', 'Ambiente de contratação livre'] },
        { valor: 'Solar', sinonimos: ['Fotovoltaica', 'Solar fotovoltaica', 'Photovoltaic'] },
        { valor: 'Eólica', sinonimos: ['Wind', 'Vento'] },
        { valor: 'Hidrelétrica', sinonimos: ['PCH', 'Hídrica', 'Hydro'] },
        { valor: 'Biomassa', sinonimos: ['Biomass', 'Biogás'] },
        { valor: 'Gerador diesel', sinonimos: ['Diesel', 'Gerador', 'Grupo gerador'] },
        { valor: 'Gás natural', sinonimos: ['Gás', 'GNV', 'Natural gas'] },
        { valor: 'Outra', sinonimos: ['Outro', 'Outros', 'Other'] },
      ],
      exemplo: 'Rede elétrica',
    },
    {
      campo: 'consumoKwh',
      rotulo: 'Consumo (kWh)',
      obrigatorio: true,
      tipo: 'decimal',
      min: 0,
      exemplo: '12500,75',
    },
    { campo: 'custo', rotulo: 'Custo (R$)', obrigatorio: false, tipo: 'decimal', min: 0, exemplo: '9876,54' },
    {
      campo: 'medidor',
      rotulo: 'Medidor / unidade consumidora',
      obrigatorio: false,
      tipo: 'texto',
      maxLength: 100,
      descricao: 'Número do medidor ou da unidade consumidora na distribuidora.',
      exemplo: 'UC 4012345678',
    },
    { campo: 'observacao', rotulo: 'Observação', obrigatorio: false, tipo: 'texto', maxLength: 1000, exemplo: 'Leitura estimada pela distribuidora.' },
  ],
};
