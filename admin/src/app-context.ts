import { createContext, useContext } from 'react';
import type { ApiClient } from './api/client';
import type { EstadoEmpresa } from './api/operations/settings';
import type { Session } from './session/session';

export interface AppContextValue {
  session: Session;
  api: ApiClient;
  /** Says a result to screen readers (the page's polite live region). */
  announce: (message: string) => void;
  /** The company's environment, regime and certificate (null until read, or when it could not be read). */
  company: EstadoEmpresa | null;
  /** Reads them again (after the settings were saved). */
  reloadCompany: () => void;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside the signed-in page');
  return value;
}
