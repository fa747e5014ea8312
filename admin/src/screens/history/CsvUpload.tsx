import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client';
import { entidadesDoToken, enviarLote, preverLote, type CampoEntidade, type ResultadoLote } from '../../api/ingestion';
import type { EntidadeIngestao } from '../../api/operations/entities';
import { Field } from '../../components/Field';
import { focusSoon } from '../../components/focus';
import { Message } from '../../components/Message';
import { formatNumber } from '../../format';
import { readCsv, reasonByLabel, type CsvRows } from './csv-import';
import { isSpreadsheet, readSpreadsheet } from './sheet-import';

const MAX_LINHAS = 500;

interface Preview {
  entidade: string;
  campos: CampoEntidade[];
  csv: CsvRows;
  resultado: ResultadoLote;
  /** One Idempotency-Key per previewed file: sending twice (a double click, a retry) writes it once. */
  chave: string;
}

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * "Enviar planilha (CSV ou Excel)": a file (CSV or .xlsx) of rows of an entity, sent with an ingestion token the person pastes (the API's
 * own credential; kept in this screen's memory only). "Pré-visualizar" reads the file, asks the API's `/preview`
 * (nothing is written) and lists the rows that would be refused, each reason by the field's label, with the line
 * of the file; "Enviar" then writes the same rows, and the new batch shows in the history.
 */
export function CsvUpload(props: { entidades: EntidadeIngestao[]; onSent: () => void }) {
  const [token, setToken] = useState('');
  const [entidade, setEntidade] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [sent, setSent] = useState<ResultadoLote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);

  const reset = () => {
    setPreview(null);
    setSent(null);
    setError(null);
  };

  async function previewFile(event: FormEvent) {
    event.preventDefault();
    reset();
    if (!token.trim() || !entidade || !file) return setError('Informe o token de ingestão, a entidade e o arquivo (CSV ou .xlsx).');
    setBusy(true);
    try {
      const described = (await entidadesDoToken(token.trim())).find((e) => e.entidade === entidade);
      if (!described) throw new Error('Este token não pode enviar esta entidade: escolha um token com ela no escopo.');
      // The same header rules and rows either way; an .xlsx's cells are written as text by sheet-import.ts.
      const csv = isSpreadsheet(file) ? await readSpreadsheet(file, described.campos) : readCsv(await file.text(), described.campos);
      if (csv.linhas.length === 0) throw new Error('O arquivo não tem linhas de dados (a primeira linha é o cabeçalho com os campos).');
      if (csv.linhas.length > MAX_LINHAS) throw new Error(`O arquivo tem ${formatNumber(csv.linhas.length)} linhas; envie no máximo ${MAX_LINHAS} por vez.`);
      const resultado = await preverLote(token.trim(), entidade, csv.linhas.map((l) => l.valores));
      setPreview({ entidade, campos: described.campos, csv, resultado, chave: crypto.randomUUID() });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
      focusSoon(() => resultRef.current);
    }
  }

  async function send() {
    if (!preview) return;
    setBusy(true);
    setError(null);
    try {
      setSent(await enviarLote(token.trim(), preview.entidade, preview.csv.linhas.map((l) => l.valores), preview.chave));
      setPreview(null);
      props.onSent();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
      focusSoon(() => resultRef.current);
    }
  }

  const r = preview?.resultado;
  const refused = r ? r.resultados.filter((l) => l.status === 'ERRO') : [];

  return (
    <section className="cartao" aria-labelledby="csv-titulo">
      <h2 id="csv-titulo">Enviar planilha (CSV ou Excel)</h2>
      <p className="ajuda">
        Um arquivo CSV (separador “;”) ou uma planilha .xlsx (a primeira aba). A primeira linha nomeia os campos (a chave, como <code>codigo</code>, ou o
        rótulo, como “Código”). Da planilha, números vão com vírgula decimal e datas como DD/MM/AAAA (com a hora, quando há). O CSV de recusadas baixado aqui
        volta como está, corrigido. Até {MAX_LINHAS} linhas por envio.
      </p>
      <form onSubmit={(e) => void previewFile(e)} aria-label="Enviar planilha">
        <div className="grade">
          <Field id="csv-token" label="Token de ingestão" required help="O valor ing_… mostrado na criação do token; fica só nesta tela." width="medium">
            {(a) => <input {...a} type="password" autoComplete="off" value={token} onChange={(e) => (setToken(e.target.value), reset())} />}
          </Field>
          <Field id="csv-entidade" label="Entidade das linhas" required width="medium">
            {(a) => (
              <select {...a} value={entidade} onChange={(e) => (setEntidade(e.target.value), reset())}>
                <option value="">—</option>
                {props.entidades.map((e) => (
                  <option key={e.entidade} value={e.entidade}>
                    {e.nome}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="csv-arquivo" label="Arquivo (CSV ou .xlsx)" required width="medium">
            {(a) => <input {...a} type="file" accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(e) => (setFile(e.target.files?.[0] ?? null), reset())} />}
          </Field>
        </div>
        <button type="submit" disabled={busy}>
          Pré-visualizar
        </button>
      </form>
      <div tabIndex={-1} ref={resultRef} className="resultado-csv">
        {error ? <Message kind="error">{error}</Message> : null}
        {preview && r ? (
          <>
            <h3>Pré-visualização (nada foi gravado)</h3>
            <p>
              {count(r.totalLinhas, 'linha', 'linhas')}: {count(r.gravadas, 'seria gravada', 'seriam gravadas')}, {count(r.recusadas, 'seria recusada', 'seriam recusadas')},{' '}
              {count(r.duplicadas, 'duplicada', 'duplicadas')}.
            </p>
            {preview.csv.desconhecidas.length ? <Message kind="warning">Colunas que não são campos da entidade, deixadas de fora: {preview.csv.desconhecidas.join(', ')}.</Message> : null}
            {refused.length ? (
              <div className="tabela-rolavel">
                <table>
                  <caption>Linhas que seriam recusadas</caption>
                  <thead>
                    <tr>
                      <th scope="col">Linha do arquivo</th>
                      <th scope="col">Motivos</th>
                    </tr>
                  </thead>
                  <tbody>
                    {refused.map((l) => (
                      <tr key={l.linha}>
                        <td>{preview.csv.linhas[l.linha - 1]?.linhaArquivo ?? l.linha}</td>
                        <td>
                          <ul>
                            {(l.status === 'ERRO' ? l.erros : []).map((reason, i) => (
                              <li key={i}>{reasonByLabel(reason, preview.campos)}</li>
                            ))}
                          </ul>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            <button type="button" className="primario" disabled={busy} onClick={() => void send()}>
              {refused.length ? `Enviar assim (${count(r.gravadas + r.duplicadas, 'linha aceita', 'linhas aceitas')}; as recusadas ficam no histórico)` : `Enviar ${count(r.totalLinhas, 'linha', 'linhas')}`}
            </button>
          </>
        ) : null}
        {sent ? (
          <Message kind="ok">
            Lote enviado: {count(sent.gravadas, 'linha gravada', 'linhas gravadas')}, {count(sent.recusadas, 'recusada', 'recusadas')}, {count(sent.duplicadas, 'duplicada', 'duplicadas')}. Ele está
            na lista abaixo.
          </Message>
        ) : null}
      </div>
    </section>
  );
}
