import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { criarApi } from './api';
import { ContextoApp, type Contexto } from './context';
import { Entrar } from './session/Entrar';
import { avisarSaida, janelaDaPlataforma, pedirSessao, sessaoDaMensagem } from './session/host-protocol';
import { guardarSessaoDev, lerSessao, sessaoDevGuardada, type Sessao } from './session/session';
import { Tokens } from './screens/Tokens';
import { Historico } from './screens/Historico';
import { Configuracoes } from './screens/Configuracoes';
import { Documentos } from './screens/Documentos';
import { Impostos } from './screens/Impostos';

/** What the gateway says about this deployment (`GET /admin/config.json`). */
interface ConfigPagina {
  modo: 'desenvolvimento' | 'producao';
  origensPlataforma: string[];
}

const TELAS = [
  { rota: 'tokens', titulo: 'Tokens de ingestão', Componente: Tokens },
  { rota: 'historico', titulo: 'Histórico de importações', Componente: Historico },
  { rota: 'configuracoes', titulo: 'Configurações fiscais', Componente: Configuracoes },
  { rota: 'documentos', titulo: 'Documentos fiscais', Componente: Documentos },
  { rota: 'impostos', titulo: 'Simulação de impostos', Componente: Impostos },
] as const;
type Rota = (typeof TELAS)[number]['rota'];

function rotaAtual(): Rota {
  const nome = window.location.hash.replace(/^#\/?/, '').split('?')[0];
  return TELAS.find((t) => t.rota === nome)?.rota ?? 'tokens';
}

export function App() {
  const [config, setConfig] = useState<ConfigPagina | null>(null);
  const [erroConfig, setErroConfig] = useState<string | null>(null);
  const [sessao, setSessao] = useState<Sessao | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);

  useEffect(() => {
    fetch('/admin/config.json')
      .then(async (r) => {
        if (!r.ok) throw new Error(`o gateway respondeu ${r.status}`);
        const lido = (await r.json()) as ConfigPagina;
        setConfig(lido);
        if (lido.modo === 'desenvolvimento') setSessao(sessaoDevGuardada());
      })
      .catch((e: unknown) => setErroConfig(e instanceof Error ? e.message : String(e)));
  }, []);

  // Production: the session comes from the host platform (session/host-protocol.ts), in memory only.
  useEffect(() => {
    if (!config || config.modo !== 'producao') return;
    const aoReceber = (evento: MessageEvent) => {
      // Only the window that hosts the page (parent or opener), from an allowed origin.
      if (evento.source === null || evento.source !== janelaDaPlataforma()) return;
      const token = sessaoDaMensagem(evento.data, evento.origin, config.origensPlataforma);
      if (!token) return;
      const lida = lerSessao(token, 'plataforma');
      if (lida) setSessao(lida);
    };
    window.addEventListener('message', aoReceber);
    pedirSessao(config.origensPlataforma);
    return () => window.removeEventListener('message', aoReceber);
  }, [config]);

  // Ask for a new session a minute before this one expires (platform), or go back to sign-in (development).
  useEffect(() => {
    if (!sessao || !config) return;
    // setTimeout holds at most 2^31-1 ms (24.8 days); a longer session is simply checked again then.
    const falta = Math.min(Math.max(0, sessao.expiraEm - Date.now() - 60_000), 2 ** 31 - 1);
    const relogio = setTimeout(() => {
      if (sessao.origem === 'plataforma') pedirSessao(config.origensPlataforma);
      else {
        guardarSessaoDev(null);
        setAviso('Sua sessão de desenvolvimento terminou. Entre de novo.');
        setSessao(null);
      }
    }, falta);
    return () => clearTimeout(relogio);
  }, [sessao, config]);

  const perderSessao = useCallback(() => {
    if (config?.modo === 'producao') {
      setSessao(null);
      pedirSessao(config.origensPlataforma);
      return;
    }
    guardarSessaoDev(null);
    setAviso('A sessão não vale mais (expirou ou foi recusada). Entre de novo.');
    setSessao(null);
  }, [config]);

  if (erroConfig) {
    return (
      <main className="entrar">
        <h1>Administração</h1>
        <p role="alert">Não foi possível carregar a configuração da página: {erroConfig}</p>
      </main>
    );
  }
  if (!config) return <p className="carregando">Carregando…</p>;
  if (!sessao) {
    if (config.modo === 'desenvolvimento') {
      return (
        <Entrar
          aviso={aviso}
          aoEntrar={(nova) => {
            guardarSessaoDev(nova);
            setAviso(null);
            setSessao(nova);
          }}
        />
      );
    }
    return <AguardandoPlataforma />;
  }
  return (
    <Pagina
      sessao={sessao}
      perderSessao={perderSessao}
      sair={() => {
        if (config.modo === 'producao') avisarSaida(config.origensPlataforma);
        else guardarSessaoDev(null);
        setAviso(null);
        setSessao(null);
      }}
    />
  );
}

function AguardandoPlataforma() {
  const [demorou, setDemorou] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setDemorou(true), 10_000);
    return () => clearTimeout(t);
  }, []);
  return (
    <main className="entrar">
      <h1>Administração</h1>
      <p role="status">
        {demorou
          ? 'A plataforma não enviou uma sessão. Abra esta página pelo menu da plataforma (ela não funciona aberta sozinha em produção).'
          : 'Aguardando a sessão da plataforma…'}
      </p>
    </main>
  );
}

function Pagina(props: { sessao: Sessao; perderSessao: () => void; sair: () => void }) {
  const { sessao, perderSessao } = props;
  const [rota, setRota] = useState<Rota>(rotaAtual);
  const [anuncio, setAnuncio] = useState('');
  const tokenAtual = useRef(sessao.token);
  tokenAtual.current = sessao.token;

  useEffect(() => {
    const aoMudar = () => setRota(rotaAtual());
    window.addEventListener('hashchange', aoMudar);
    return () => window.removeEventListener('hashchange', aoMudar);
  }, []);

  const api = useMemo(() => criarApi(() => tokenAtual.current, perderSessao), [perderSessao]);
  const contexto = useMemo<Contexto>(
    () => ({
      sessao,
      api,
      anunciar: (mensagem) => {
        // Cleared first so the same text twice is read twice.
        setAnuncio('');
        setTimeout(() => setAnuncio(mensagem), 50);
      },
    }),
    [sessao, api],
  );
  const tela = TELAS.find((t) => t.rota === rota) ?? TELAS[0];

  return (
    <ContextoApp.Provider value={contexto}>
      <a className="pular" href="#conteudo" onClick={(e) => { e.preventDefault(); document.getElementById('conteudo')?.focus(); }}>
        Pular para o conteúdo
      </a>
      <header className="topo">
        <span className="marca">ERP · Administração</span>
        <span className="quem">
          Empresa <strong>{sessao.empresa}</strong> · {sessao.papel === 'admin' ? 'Administrador' : 'Usuário'}
          {sessao.origem === 'desenvolvimento' ? ' · sessão de desenvolvimento' : ''}
        </span>
        <button type="button" onClick={props.sair}>
          Sair
        </button>
      </header>
      <div className="corpo">
        <nav aria-label="Telas" className="menu">
          <ul>
            {TELAS.map((t) => (
              <li key={t.rota}>
                <a href={`#/${t.rota}`} aria-current={t.rota === rota ? 'page' : undefined}>
                  {t.titulo}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="conteudo" tabIndex={-1}>
          <tela.Componente key={tela.rota} titulo={tela.titulo} />
        </main>
      </div>
      <div className="so-leitor" role="status" aria-live="polite">
        {anuncio}
      </div>
    </ContextoApp.Provider>
  );
}
