import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field } from '../components/Field';
import { Message } from '../components/Message';
import { readSession, type Role, type Session } from './session';

/**
 * Development only: asks for a company and a role and gets a session signed with the stack's development key
 * from the gateway (`POST /admin/dev-session`, which answers 404 in production).
 */
export function SignIn(props: { onSignIn: (session: Session) => void; notice?: string | null }) {
  const [company, setCompany] = useState('acme');
  const [role, setRole] = useState<Role>('admin');
  const [user, setUser] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  async function signIn(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSending(true);
    try {
      const response = await fetch('/admin/dev-session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ empresa: company.trim(), papel: role, usuario: user.trim() || undefined }),
      });
      const body = (await response.json()) as { sessao?: string; erro?: string };
      const session = body.sessao ? readSession(body.sessao, 'development') : null;
      if (!response.ok || !session) throw new Error(body.erro ?? `o gateway respondeu ${response.status}`);
      props.onSignIn(session);
    } catch (e) {
      setError(`Não foi possível entrar: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setSending(false);
    }
  }

  return (
    <main className="entrar">
      <h1 tabIndex={-1} ref={heading}>
        Administração — entrar (desenvolvimento)
      </h1>
      <p>
        Esta tela existe só em desenvolvimento: o gateway assina uma sessão com a chave de desenvolvimento para a
        empresa e o papel escolhidos. Em produção, a sessão vem da plataforma que abre esta página.
      </p>
      {props.notice ? <Message kind="warning">{props.notice}</Message> : null}
      <form onSubmit={(e) => void signIn(e)} className="cartao">
        <Field id="entrar-empresa" label="Empresa (identificador)" required help="Por exemplo acme. Cada empresa vê só os próprios dados.">
          {(a) => <input {...a} value={company} onChange={(e) => setCompany(e.target.value)} maxLength={100} autoComplete="organization" />}
        </Field>
        <fieldset>
          <legend>Papel</legend>
          <label className="opcao">
            <input type="radio" name="papel" value="admin" checked={role === 'admin'} onChange={() => setRole('admin')} /> Administrador
          </label>
          <label className="opcao">
            <input type="radio" name="papel" value="user" checked={role === 'user'} onChange={() => setRole('user')} /> Usuário
          </label>
        </fieldset>
        <Field id="entrar-usuario" label="Usuário (opcional)" help="Identificador gravado como autor das alterações.">
          {(a) => <input {...a} required={false} value={user} onChange={(e) => setUser(e.target.value)} maxLength={100} />}
        </Field>
        {error ? <Message kind="error">{error}</Message> : null}
        <button type="submit" className="primario" disabled={sending}>
          {sending ? 'Entrando…' : 'Entrar'}
        </button>
      </form>
    </main>
  );
}
