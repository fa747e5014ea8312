import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { saveFile } from '../../api/download';
import { CARTAS_CORRECAO, type CartaCorrecao } from '../../api/operations/corrections';
import type { DocumentoFiscal } from '../../api/operations/documents';
import { useApp } from '../../app-context';
import type { Outcome } from '../../components/Message';
import { formatDateTime } from '../../format';
import { correctionXmlLabel, correctionXmlPath, takesCorrection } from './correction-labels';
import { CorrectionDialog } from './CorrectionDialog';

/**
 * A document's correction letters (CC-e, event 110110), in its detail beside its events: each registered letter with
 * its sequence, protocol, time and text, and the download of its procEvento XML; "Registrar carta de correção…"
 * (admin, an authorized NF-e or CT-e) opens the letter's dialog. Shown for NF-e and CT-e only.
 */
export function CorrectionLetters(props: { documento: DocumentoFiscal; onOutcome: (outcome: Outcome) => void }) {
  const { api, session, announce } = useApp();
  const d = props.documento;
  const [cartas, setCartas] = useState<CartaCorrecao[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const applies = d.modelo === 'NFE' || d.modelo === 'CTE';

  const load = useCallback(() => {
    let live = true;
    api.graphql(CARTAS_CORRECAO, { id: d.id }).then(
      (answer) => live && setCartas(answer.cartasCorrecao),
      (e: unknown) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [api, d.id]);

  useEffect(() => (applies ? load() : undefined), [applies, load, d.situacao]);

  if (!applies) return null;

  async function download(carta: CartaCorrecao) {
    const label = correctionXmlLabel(d, carta.sequencia);
    const name = `${d.modelo.toLowerCase()}-${d.chaveAcesso}-cce-${String(carta.sequencia).padStart(2, '0')}.xml`;
    try {
      const answer = await api.file(correctionXmlPath(d.id, carta.sequencia));
      if (answer.blob) {
        saveFile(answer.blob, name);
        props.onOutcome({ kind: 'ok', text: `${label} baixado (${name}).` });
      } else {
        props.onOutcome({ kind: 'error', text: `Não foi possível baixar o ${label}: ${answer.erro || `o servidor respondeu ${answer.status}`}.` });
      }
    } catch (e) {
      props.onOutcome({ kind: 'error', text: errorMessage(e) });
    }
  }

  function registered(carta: CartaCorrecao) {
    setOpen(false);
    setCartas((list) => [...(list ?? []), carta]);
    announce(`Carta de correção ${carta.sequencia} registrada.`);
    props.onOutcome({ kind: 'ok', text: `Carta de correção ${carta.sequencia} registrada pela ${d.modelo === 'CTE' ? 'SEFAZ do CT-e' : 'SEFAZ'} (protocolo ${carta.protocolo}).` });
  }

  return (
    <section aria-labelledby="cce-titulo">
      <h3 id="cce-titulo">Cartas de correção</h3>
      {error ? <p className="discreto">Não foi possível ler as cartas de correção: {error}</p> : null}
      {cartas === null && !error ? <p className="discreto">Carregando as cartas de correção…</p> : null}
      {cartas?.length === 0 ? <p className="discreto">Nenhuma carta de correção registrada.</p> : null}
      {cartas?.length ? (
        <ol className="cartas-correcao">
          {cartas.map((carta) => (
            <li key={carta.sequencia} data-sequencia={carta.sequencia}>
              <p>
                <strong>Carta de correção {carta.sequencia}</strong>, registrada em {formatDateTime(carta.registradaEm)}, protocolo {carta.protocolo} ({carta.cStat} —{' '}
                {carta.motivo})
              </p>
              <p className="correcao-texto">{carta.correcao}</p>
              <a
                href={correctionXmlPath(d.id, carta.sequencia)}
                onClick={(e) => {
                  e.preventDefault();
                  void download(carta);
                }}
              >
                {correctionXmlLabel(d, carta.sequencia)}
              </a>
            </li>
          ))}
        </ol>
      ) : null}
      {takesCorrection(d) && session.role === 'admin' ? (
        <button type="button" ref={opener} onClick={() => setOpen(true)}>
          Registrar carta de correção…
        </button>
      ) : null}
      {takesCorrection(d) && session.role !== 'admin' ? <p className="discreto">Só administradores registram cartas de correção.</p> : null}
      {open ? (
        <CorrectionDialog
          documento={d}
          onRegistered={registered}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      ) : null}
    </section>
  );
}
