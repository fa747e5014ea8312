import { createContext, useContext } from 'react';
import type { Api } from './api';
import type { Role } from './session/session';

export interface Contexto {
  sessao: { papel: Role };
  api: Api;
  /** Says a result to screen readers (the page's polite live region). */
  anunciar: (mensagem: string) => void;
}

export const ContextoApp = createContext<Contexto | null>(null);

export function useApp(): Contexto {
  const contexto = useContext(ContextoApp);
  if (!contexto) throw new Error('useApp outside the signed-in page');
  return contexto;
}
