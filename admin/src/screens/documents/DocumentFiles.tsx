import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { saveFile } from '../../api/download';
import type { DocumentoFiscal } from '../../api/operations/documents';
import { useApp } from '../../app-context';
import type { Outcome } from '../../components/Message';
import { cancellationXmlLabel, DOCUMENTS_REST, filePath, hasPrintedForm, isCteOs, printedFormName, whyNoPrintedForm, xmlLabel } from './document-labels';

type FileKind = 'danfe' | 'xml' | 'cancelamento';

/** The XML of a document, asked for when its detail opens: it may not exist (the API says why). */
type XmlState = { kind: 'checking' } | { kind: 'available' } | { kind: 'missing'; reason: string } | { kind: 'failed'; reason: string };

/** 404 and 422 mean the file does not exist for this document; the API's own `erro` says why. */
function refusalOf(answer: { status: number; erro: string }): { missing: boolean; text: string } {
  return { missing: answer.status === 404 || answer.status === 422, text: answer.erro || `o servidor respondeu ${answer.status}` };
}

/** A document's files: its printed form (DANFE, DANFCE, DACTE, DANFSe), its XML and its cancellation's XML, each a download, or why there is none. */
export function DocumentFiles(props: { documento: DocumentoFiscal; onOutcome: (outcome: Outcome) => void }) {
  const { api } = useApp();
  const d = props.documento;
  const [xml, setXml] = useState<XmlState>({ kind: 'checking' });
  /** The preview's short-lived link, while it is shown. */
  const [preview, setPreview] = useState<string | null>(null);

  // Whether the XML exists is only known by asking (a CT-e or NFS-e has none until their transmission exists); the
  // DANFE is not asked for ahead: the service makes the PDF on each request, and hasPrintedForm already says when it exists.
  useEffect(() => {
    let live = true;
    setXml({ kind: 'checking' });
    api
      .file(filePath(d.id, 'xml'))
      .then((answer) => {
        if (!live) return;
        if (answer.blob) return setXml({ kind: 'available' });
        const { missing, text } = refusalOf(answer);
        setXml(missing ? { kind: 'missing', reason: text } : { kind: 'failed', reason: text });
      })
      .catch((e: unknown) => live && setXml({ kind: 'failed', reason: errorMessage(e) }));
    return () => {
      live = false;
    };
  }, [api, d.id, d.situacao]);

  async function download(kind: FileKind) {
    const name = `${isCteOs(d) ? 'cte-os' : d.modelo.toLowerCase()}-${d.chaveAcesso}${{ danfe: '.pdf', xml: '.xml', cancelamento: '-cancelamento.xml' }[kind]}`;
    const label = { danfe: printedFormName(d), xml: xmlLabel(d), cancelamento: cancellationXmlLabel(d) }[kind];
    try {
      const answer = await api.file(filePath(d.id, kind));
      if (answer.blob) {
        saveFile(answer.blob, name);
        props.onOutcome({ kind: 'ok', text: `${label} baixado (${name}).` });
        return;
      }
      const { missing, text } = refusalOf(answer);
      if (missing && kind === 'xml') setXml({ kind: 'missing', reason: text });
      props.onOutcome({ kind: 'error', text: missing ? `${label} não existe para este documento: ${text}.` : `Não foi possível baixar o ${label}: ${text}.` });
    } catch (e) {
      props.onOutcome({ kind: 'error', text: errorMessage(e) });
    }
  }

  /** A short-lived link to the file (the session never goes into a URL): for a new tab or the preview. */
  const fileLink = async (arquivo: 'danfe' | 'xml') => (await api.post<{ url: string; expiraEm: string }>(`${DOCUMENTS_REST}/${encodeURIComponent(d.id)}/link-arquivo`, { arquivo })).url;

  async function openInNewTab() {
    // Opened within the click (a tab opened after an await is a pop-up the browser may block), then sent to the link.
    const tab = window.open('about:blank', '_blank');
    try {
      const url = await fileLink('danfe');
      if (!tab) return props.onOutcome({ kind: 'error', text: 'O navegador bloqueou a nova aba: permita pop-ups desta página ou use "Pré-visualizar".' });
      tab.opener = null;
      tab.location.href = url;
    } catch (e) {
      tab?.close();
      props.onOutcome({ kind: 'error', text: errorMessage(e) });
    }
  }

  async function togglePreview() {
    if (preview) return setPreview(null);
    try {
      setPreview(await fileLink('danfe'));
    } catch (e) {
      props.onOutcome({ kind: 'error', text: errorMessage(e) });
    }
  }

  const link = (kind: FileKind, label: string) => (
    <a
      href={filePath(d.id, kind)}
      onClick={(e) => {
        e.preventDefault();
        void download(kind);
      }}
    >
      {label}
    </a>
  );

  return (
    <>
      <h3>Arquivos</h3>
      <ul className="arquivos">
        {hasPrintedForm(d) ? (
          <li>
            {link('danfe', `${printedFormName(d)} (PDF)`)}{' '}
            <button type="button" onClick={() => void openInNewTab()}>
              Abrir o {printedFormName(d)} em nova aba
            </button>{' '}
            <button type="button" aria-expanded={preview !== null} onClick={() => void togglePreview()}>
              {preview ? 'Fechar a pré-visualização' : `Pré-visualizar o ${printedFormName(d)}`}
            </button>
          </li>
        ) : (
          <li className="discreto">
            {printedFormName(d)}: {whyNoPrintedForm(d)}
          </li>
        )}
        <li id="doc-xml">
          {xml.kind === 'available' ? link('xml', xmlLabel(d)) : null}
          {xml.kind === 'checking' ? <span className="discreto">XML: verificando…</span> : null}
          {xml.kind === 'missing' ? <span className="discreto">XML: não existe para este documento ({xml.reason}).</span> : null}
          {xml.kind === 'failed' ? <span className="discreto">XML: não foi possível verificar ({xml.reason}).</span> : null}
        </li>
        {d.situacao === 'CANCELADO' ? <li>{link('cancelamento', cancellationXmlLabel(d))}</li> : null}
      </ul>
      {preview ? <iframe className="previa-pdf" title={`Pré-visualização do ${printedFormName(d)}`} src={preview} /> : null}
    </>
  );
}
