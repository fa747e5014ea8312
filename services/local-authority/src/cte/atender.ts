import { createHash } from 'node:crypto';
import { ServicosCte, type ServicoCte } from '@erp/contracts';
import type { Saida } from '../app/autoridade';
import type { Cenarios } from '../app/cenarios';
import { MensagemInvalida, type Atendimento, type Resposta } from '../app/mensagem';
import { soapFault } from '../domain/respostas';
import type { Registro } from '../store/registro';
import { consultarCte, statusCte } from './consulta';
import { registrarEventoCte } from './evento';
import { envelopeRetornoCte, FalhaDescompactacao, mensagemCte } from './mensagem';
import { receberCte } from './recepcao';
import { retCte } from './respostas';

export const ehServicoCte = (nome: string): nome is ServicoCte => (ServicosCte as readonly string[]).includes(nome);

/** The services of the CT-e 4.00 stand-in (models 57 and 67): receptions, query, events and the service status. */
export async function atenderCte(servico: ServicoCte, corpo: string, clienteTls: Buffer, registro: Registro, cenarios: Cenarios): Promise<Saida> {
  const a: Atendimento = { registro, cenarios, clienteTls, tpAmb: '2', recebidoEm: new Date() };
  let resposta: Resposta;
  try {
    const mensagem = mensagemCte(servico, corpo);
    if (servico === 'CTeRecepcaoSincV4') resposta = await receberCte(mensagem, a, 'CTE');
    else if (servico === 'CTeRecepcaoOSV4') resposta = await receberCte(mensagem, a, 'CTEOS');
    else if (servico === 'CTeConsultaV4') resposta = await consultarCte(mensagem, a);
    else if (servico === 'CTeRecepcaoEventoV4') resposta = await registrarEventoCte(mensagem, a);
    else resposta = await statusCte(mensagem, a);
  } catch (error) {
    if (error instanceof FalhaDescompactacao) {
      const ret = retCte('2', '35', '244', error.message, '', servico === 'CTeRecepcaoOSV4' ? 'retCTeOS' : 'retCTe');
      return { status: 200, corpo: envelopeRetornoCte(servico, ret), derrubar: false, atrasoMs: 0 };
    }
    if (error instanceof MensagemInvalida) return { status: 400, corpo: soapFault(error.message), derrubar: false, atrasoMs: 0 };
    throw error;
  }
  if (resposta.cnpj) cenarios.receber(resposta.cnpj, servico, createHash('sha256').update(corpo).digest('hex'));
  const atrasoMs = resposta.passo === 'PROCESSA_E_ATRASA' ? ((resposta.cnpj ? cenarios.cenario(resposta.cnpj).atrasoMs : undefined) ?? 8_000) : 0;
  if (resposta.passo === 'ERRO_500') return { status: 500, corpo: soapFault('Erro interno', 'Receiver'), derrubar: false, atrasoMs };
  return { status: 200, corpo: envelopeRetornoCte(servico, resposta.corpo), derrubar: resposta.passo === 'PROCESSA_E_DERRUBA' || resposta.passo === 'DERRUBA', atrasoMs };
}
