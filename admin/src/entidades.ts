/** Display names of the ingestion entities (the ids come from the graph, `entidadesIngestao`). */
const NOMES: Record<string, string> = {
  incidente_seguranca: 'Incidente de segurança',
  ativo_informacao: 'Ativo de informação',
  risco_corporativo: 'Risco corporativo',
  consumo_energia: 'Consumo de energia',
  emissao: 'Emissão',
};

export function nomeEntidade(id: string): string {
  return NOMES[id] ?? id;
}
