import type { OperationExamples } from '.';

/** The ingestion operations' examples: a batch of two rows, one refused (a type that is an attack vector, not a type). */

/** The row both the batch and its preview send: an incident the entity accepts. */
const INCIDENTE = {
  codigo: 'INC-2026-0001',
  titulo: 'Acesso indevido ao servidor de arquivos',
  tipo: 'Confidencialidade',
  severidade: 'Alta',
  dataDeteccao: '15/03/2026 14:30',
};

export const INGESTION_EXAMPLES: Record<string, OperationExamples> = {
  'GET /api/ingestao-pub/entidades': {
    answers: {
      200: {
        sucesso: true,
        dados: {
          token: { nome: 'ERP de segurança', prefixo: 'ing_a8xT2bt0', modo: 'UPSERT' },
          maxLinhasPorRequisicao: 500,
          entidades: [
            {
              entidade: 'incidente_seguranca',
              nome: 'Incidente de segurança',
              endpoint: 'POST /api/ingestao-pub/incidente_seguranca',
              campos: [
                {
                  campo: 'codigo',
                  rotulo: 'Código*',
                  obrigatorio: true,
                  tipo: 'texto',
                  descricao: 'Identificador do incidente no sistema de origem. Chave do registro: no modo UPSERT, uma linha com um código já gravado atualiza esse registro. Texto de até 100 caracteres.',
                  exemplo: 'INC-2026-0001',
                },
                {
                  campo: 'tipo',
                  rotulo: 'Tipo*',
                  obrigatorio: true,
                  tipo: 'enumeracao',
                  descricao: 'Propriedade da informação violada (não o vetor de ataque: "Ransomware", "Phishing" etc. não são tipos). Valores aceitos: Confidencialidade, Integridade, Disponibilidade (maiúsculas e acentos indiferentes).',
                  exemplo: 'Confidencialidade',
                },
                {
                  campo: 'dataDeteccao',
                  rotulo: 'Data de detecção',
                  obrigatorio: false,
                  tipo: 'data',
                  descricao: 'Formatos: DD/MM/AAAA, DD/MM/AAAA HH:MM, DD/MM/AAAA HH:MM:SS ou ISO 8601 (AAAA-MM-DD, AAAA-MM-DDTHH:MM:SS, AAAA-MM-DDTHH:MM:SSZ, AAAA-MM-DDTHH:MM:SS-03:00). Sem fuso, vale o horário de Brasília (America/Sao_Paulo).',
                  exemplo: '15/03/2026 14:30',
                },
              ],
            },
          ],
        },
      },
    },
  },
  'POST /api/ingestao-pub/{entidade}': {
    request: {
      lote: {
        summary: 'Dois incidentes (POST /api/ingestao-pub/incidente_seguranca); o segundo é recusado',
        value: {
          linhas: [
            INCIDENTE,
            { codigo: 'INC-2026-0002', titulo: 'Notebook do financeiro cifrado', tipo: 'Ransomware', severidade: 'Crítica' },
          ],
        },
      },
    },
    answers: {
      200: {
        sucesso: true,
        mensagem: 'Lote processado: 1 gravada(s), 1 recusada(s), 0 duplicada(s) de 2 linha(s).',
        dados: {
          entidade: 'incidente_seguranca',
          modo: 'UPSERT',
          preview: false,
          loteId: '7bb06eb9-4437-46d4-b975-7587fd4a3199',
          totalLinhas: 2,
          gravadas: 1,
          recusadas: 1,
          duplicadas: 0,
          resultados: [
            { linha: 1, status: 'OK', id: '6b09b982ff9ff261d31a4ed6', acao: 'CRIADO', duplicado: false },
            {
              linha: 2,
              status: 'ERRO',
              erros: ['tipo: valor "Ransomware" não reconhecido. Valores aceitos: Confidencialidade, Integridade, Disponibilidade.'],
            },
          ],
        },
      },
    },
  },
  'POST /api/ingestao-pub/{entidade}/preview': {
    request: {
      lote: {
        summary: 'Uma linha validada sem gravar nada',
        value: {
          linhas: [
            INCIDENTE,
          ],
        },
      },
    },
    answers: {
      200: {
        sucesso: true,
        mensagem: 'Pré-visualização: 1 gravada(s), 0 recusada(s), 0 duplicada(s) de 1 linha(s); nada foi gravado.',
        dados: {
          entidade: 'incidente_seguranca',
          modo: 'UPSERT',
          preview: true,
          loteId: 'f2bf59dd-062d-4980-bbdc-b8a233ad16ba',
          totalLinhas: 1,
          gravadas: 1,
          recusadas: 0,
          duplicadas: 0,
          resultados: [{ linha: 1, status: 'OK', id: '6b09b983ff9ff261d31a4ed7', acao: 'CRIADO', duplicado: false }],
        },
      },
    },
  },
};
