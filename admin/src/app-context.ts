import { createContext, useContext } from 'react';
import type { ApiClient } from './api/client';
import type { Session } from './session/session';

export interface AppContextValue {
  session: Session;
  api: ApiClient;
  /** Says a result to screen readers (the page's polite live region). */
  announce: (message: string) => void;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside the signed-in page');
  return value;
}
