import { useCallback, useEffect, useState } from 'react';
import { Page } from './Page';
import { SignIn } from './session/SignIn';
import { announceSignOut, askForSession, hostWindow, sessionFromMessage } from './session/host-protocol';
import { keepDevSession, keptDevSession, readSession, type Session } from './session/session';

/** What the gateway says about this deployment (`GET /admin/config.json`). */
interface PageConfig {
  modo: 'desenvolvimento' | 'producao';
  origensPlataforma: string[];
}

/** The page's start: its deployment's configuration, then a session (signed in, or handed over by the platform). */
export function App() {
  const [config, setConfig] = useState<PageConfig | null>(null);
  const [configError, setConfigError] = useState<string | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    fetch('/admin/config.json')
      .then(async (r) => {
        if (!r.ok) throw new Error(`o gateway respondeu ${r.status}`);
        const read = (await r.json()) as PageConfig;
        setConfig(read);
        if (read.modo === 'desenvolvimento') setSession(keptDevSession());
      })
      .catch((e: unknown) => setConfigError(e instanceof Error ? e.message : String(e)));
  }, []);

  // Production: the session comes from the host platform (session/host-protocol.ts), in memory only.
  useEffect(() => {
    if (!config || config.modo !== 'producao') return;
    const onMessage = (event: MessageEvent) => {
      // Only the window that hosts the page (parent or opener), from an allowed origin.
      if (event.source === null || event.source !== hostWindow()) return;
      const token = sessionFromMessage(event.data, event.origin, config.origensPlataforma);
      if (!token) return;
      const read = readSession(token, 'platform');
      if (read) setSession(read);
    };
    window.addEventListener('message', onMessage);
    askForSession(config.origensPlataforma);
    return () => window.removeEventListener('message', onMessage);
  }, [config]);

  // Ask for a new session a minute before this one expires (platform), or go back to sign-in (development).
  useEffect(() => {
    if (!session || !config) return;
    // setTimeout holds at most 2^31-1 ms (24.8 days); a longer session is simply checked again then.
    const wait = Math.min(Math.max(0, session.expiresAt - Date.now() - 60_000), 2 ** 31 - 1);
    const timer = setTimeout(() => {
      if (session.source === 'platform') askForSession(config.origensPlataforma);
      else {
        keepDevSession(null);
        setNotice('Sua sessão de desenvolvimento terminou. Entre de novo.');
        setSession(null);
      }
    }, wait);
    return () => clearTimeout(timer);
  }, [session, config]);

  const loseSession = useCallback(() => {
    if (config?.modo === 'producao') {
      setSession(null);
      askForSession(config.origensPlataforma);
      return;
    }
    keepDevSession(null);
    setNotice('A sessão não vale mais (expirou ou foi recusada). Entre de novo.');
    setSession(null);
  }, [config]);

  if (configError) {
    return (
      <main className="entrar">
        <h1>Administração</h1>
        <p role="alert">Não foi possível carregar a configuração da página: {configError}</p>
      </main>
    );
  }
  if (!config) return <p className="carregando">Carregando…</p>;
  if (!session) {
    if (config.modo === 'desenvolvimento') {
      return (
        <SignIn
          notice={notice}
          onSignIn={(signedIn) => {
            keepDevSession(signedIn);
            setNotice(null);
            setSession(signedIn);
          }}
        />
      );
    }
    return <WaitingForPlatform />;
  }
  return (
    <Page
      session={session}
      onSessionLost={loseSession}
      onSignOut={() => {
        if (config.modo === 'producao') announceSignOut(config.origensPlataforma);
        else keepDevSession(null);
        setNotice(null);
        setSession(null);
      }}
    />
  );
}

function WaitingForPlatform() {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), 10_000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <main className="entrar">
      <h1>Administração</h1>
      <p role="status">
        {late
          ? 'A plataforma não enviou uma sessão. Abra esta página pelo menu da plataforma (ela não funciona aberta sozinha em produção).'
          : 'Aguardando a sessão da plataforma…'}
      </p>
    </main>
  );
}
