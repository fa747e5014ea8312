import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createApiClient } from './api/client';
import { ESTADO_EMPRESA, type EstadoEmpresa } from './api/operations/settings';
import { CertificateBanner, EnvironmentBadge } from './components/CompanyStatus';
import { AppContext, type AppContextValue } from './app-context';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { DocumentsScreen } from './screens/documents/DocumentsScreen';
import { HistoryScreen } from './screens/history/HistoryScreen';
import { SimulationScreen } from './screens/simulation/SimulationScreen';
import { TokensScreen } from './screens/tokens/TokensScreen';
import type { Session } from './session/session';

/**
 * The screens, each at `#/<route>` (a document at `#/documentos/<id>`); a reload or a bookmark keeps the screen,
 * and the gateway needs no fallback route.
 */
const SCREENS = [
  { route: 'tokens', title: 'Tokens de ingestão', Screen: TokensScreen },
  { route: 'historico', title: 'Histórico de importações', Screen: HistoryScreen },
  { route: 'configuracoes', title: 'Configurações fiscais', Screen: SettingsScreen },
  { route: 'documentos', title: 'Documentos fiscais', Screen: DocumentsScreen },
  { route: 'impostos', title: 'Simulação de impostos', Screen: SimulationScreen },
] as const;
type Route = (typeof SCREENS)[number]['route'];

function currentRoute(): Route {
  // `#/documentos/<id>` is the documents screen with that document open (its own URL).
  const name = window.location.hash.replace(/^#\/?/, '').split('?')[0].split('/')[0];
  return SCREENS.find((s) => s.route === name)?.route ?? 'tokens';
}

/** The signed-in page: header, navigation, the current screen and the live region every screen speaks through. */
export function Page(props: { session: Session; onSessionLost: () => void; onSignOut: () => void }) {
  const { session, onSessionLost } = props;
  const [route, setRoute] = useState<Route>(currentRoute);
  const [announcement, setAnnouncement] = useState('');
  const token = useRef(session.token);
  token.current = session.token;

  useEffect(() => {
    const onHashChange = () => setRoute(currentRoute());
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  const api = useMemo(() => createApiClient(() => token.current, onSessionLost), [onSessionLost]);
  const [company, setCompany] = useState<EstadoEmpresa | null>(null);
  const reloadCompany = useCallback(() => {
    // Not read: no badge and no banner (the screens say what failed); never a stale environment.
    api.graphql(ESTADO_EMPRESA).then(
      (read) => setCompany(read.configuracaoFiscal),
      () => setCompany(null),
    );
  }, [api]);
  useEffect(reloadCompany, [reloadCompany]);
  const context = useMemo<AppContextValue>(
    () => ({
      session,
      api,
      announce: (message) => {
        // Cleared first so the same text twice is read twice.
        setAnnouncement('');
        setTimeout(() => setAnnouncement(message), 50);
      },
      company,
      reloadCompany,
    }),
    [session, api, company, reloadCompany],
  );
  const screen = SCREENS.find((s) => s.route === route) ?? SCREENS[0];

  return (
    <AppContext.Provider value={context}>
      <a
        className="pular"
        href="#conteudo"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('conteudo')?.focus();
        }}
      >
        Pular para o conteúdo
      </a>
      <header className="topo">
        <span className="marca">ERP · Administração</span>
        <span className="quem">
          Empresa <strong>{session.company}</strong> · {session.role === 'admin' ? 'Administrador' : 'Usuário'}
          {session.source === 'development' ? ' · sessão de desenvolvimento' : ''}
        </span>
        <EnvironmentBadge company={company} />
        <button type="button" onClick={props.onSignOut}>
          Sair
        </button>
      </header>
      <CertificateBanner company={company} />
      <div className="corpo">
        <nav aria-label="Telas" className="menu">
          <ul>
            {SCREENS.map((s) => (
              <li key={s.route}>
                <a href={`#/${s.route}`} aria-current={s.route === route ? 'page' : undefined}>
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="conteudo" tabIndex={-1}>
          <screen.Screen key={screen.route} title={screen.title} />
        </main>
      </div>
      <div className="so-leitor" role="status" aria-live="polite">
        {announcement}
      </div>
    </AppContext.Provider>
  );
}
