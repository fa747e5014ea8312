import { DOCUMENTOS, eventosDoDocumento } from './fiscal-helpers';
import { aguardar, chamar as chamarEm, cenario, empresaSefaz as empresaEm, estado, nfe, usarFiscalSefaz } from './sefaz-helpers';

/**
 * A correction letter whose answer was lost, through the SEFAZ adapter (its own fiscal-document, reconciling every
 * second): 503 CORRECAO_PENDENTE, then the reconciliation sends the kept signed event again and records the letter
 * with its one event, whether SEFAZ had registered it (573, adopted by a query) or never received it.
 */
const f = usarFiscalSefaz('sefazcce');
const chamar = (method: string, caminho: string, bearer: string, body?: unknown) => chamarEm(f, method, caminho, bearer, body);
const TEXTO = 'Endereço de entrega: Rua das Flores, 120, fundos.';

async function emitida(e: { admin: string }) {
  const r = await chamar('POST', DOCUMENTOS, e.admin, nfe());
  if (r.status !== 201) throw new Error(`not issued: ${JSON.stringify(r.body)}`);
  return r.body.dados as { id: string; chaveAcesso: string };
}

const cartas = (id: string) => async () => (await f.db.collection('fatos_documento').find({ documentoId: id, tipo: 'CORRECAO' }).toArray()) as any[];

describe('sefaz - correction letter with a lost answer', () => {
  for (const [perda, descricao] of [
    ['PROCESSA_E_DERRUBA', 'registered at SEFAZ, answer lost: the resend is 573 and the query adopts it'],
    ['DERRUBA', 'never received: the resend registers it'],
  ] as const) {
    it(`sefaz cc-e - ${descricao}; one letter, one ERP_NFE_CARTA_CORRECAO`, async () => {
      const e = await empresaEm(f);
      const doc = await emitida(e);
      await cenario(e.cnpj, { evento: [perda], consulta: ['ERRO_500'] });
      const r = await chamar('POST', `${DOCUMENTOS}/${doc.id}/carta-correcao`, e.admin, { correcao: TEXTO });
      expect([r.status, r.body.codigo, r.body.sequencia]).toEqual([503, 'CORRECAO_PENDENTE', 1]);

      const registradas = await aguardar(cartas(doc.id), (l) => l.length === 1 && Boolean(l[0].outbox));
      expect(registradas[0].correcao).toMatchObject({ sequencia: 1, texto: TEXTO, cStat: '135', protocolo: expect.stringMatching(/^\d{15}$/) });
      const xml = await f.db.collection('xml_documentos').findOne({ _id: `${doc.id}:CARTA_CORRECAO_PROC:01` as never });
      expect(xml?.xml).toContain(`<nProt>${registradas[0].correcao.protocolo}</nProt>`);
      // Sent twice (the same signed bytes), registered once.
      const sefaz = await estado(e.cnpj);
      expect(sefaz.chamadas.NFeRecepcaoEvento4).toBe(2);
      const eventos = await aguardar(
        async () => (await eventosDoDocumento(f.nc, doc.id, 2)).filter((ev) => ev.subject === 'fiscal.v1.ERP_NFE_CARTA_CORRECAO'),
        (l) => l.length >= 1,
      );
      expect(eventos.map((ev) => ev.payload.sequencia)).toEqual([1]);
    }, 60_000);
  }
});
