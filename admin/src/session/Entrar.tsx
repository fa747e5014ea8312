import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Campo, Mensagem } from '../components/Campo';
import { lerSessao, type Papel, type Sessao } from './session';

/**
 * Development only: asks for a company and a role and gets a session signed with the stack's development key
 * from the gateway (`POST /admin/dev-session`, which answers 404 in production).
 */
export function Entrar(props: { aoEntrar: (sessao: Sessao) => void; aviso?: string | null }) {
  const [empresa, setEmpresa] = useState('acme');
  const [papel, setPapel] = useState<Papel>('admin');
  const [usuario, setUsuario] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const titulo = useRef<HTMLHeadingElement>(null);

  useEffect(() => titulo.current?.focus(), []);

  async function entrar(evento: FormEvent) {
    evento.preventDefault();
    setErro(null);
    setEnviando(true);
    try {
      const resposta = await fetch('/admin/dev-session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ empresa: empresa.trim(), papel, usuario: usuario.trim() || undefined }),
      });
      const corpo = (await resposta.json()) as { sessao?: string; erro?: string };
      const sessao = corpo.sessao ? lerSessao(corpo.sessao, 'desenvolvimento') : null;
      if (!resposta.ok || !sessao) throw new Error(corpo.erro ?? `o gateway respondeu ${resposta.status}`);
      props.aoEntrar(sessao);
    } catch (e) {
      setErro(`Não foi possível entrar: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <main className="entrar">
      <h1 tabIndex={-1} ref={titulo}>
        Administração — entrar (desenvolvimento)
      </h1>
      <p>
        Esta tela existe só em desenvolvimento: o gateway assina uma sessão com a chave de desenvolvimento para a
        empresa e o papel escolhidos. Em produção, a sessão vem da plataforma que abre esta página.
      </p>
      {props.aviso ? <Mensagem tipo="aviso">{props.aviso}</Mensagem> : null}
      <form onSubmit={(e) => void entrar(e)} className="cartao">
        <Campo id="entrar-empresa" rotulo="Empresa (identificador)" obrigatorio ajuda="Por exemplo acme. Cada empresa vê só os próprios dados.">
          {(a) => <input {...a} value={empresa} onChange={(e) => setEmpresa(e.target.value)} maxLength={100} autoComplete="organization" />}
        </Campo>
        <fieldset>
          <legend>Papel</legend>
          <label className="opcao">
            <input type="radio" name="papel" value="admin" checked={papel === 'admin'} onChange={() => setPapel('admin')} /> Administrador
          </label>
          <label className="opcao">
            <input type="radio" name="papel" value="user" checked={papel === 'user'} onChange={() => setPapel('user')} /> Usuário
          </label>
        </fieldset>
        <Campo id="entrar-usuario" rotulo="Usuário (opcional)" ajuda="Identificador gravado como autor das alterações.">
          {(a) => <input {...a} required={false} value={usuario} onChange={(e) => setUsuario(e.target.value)} maxLength={100} />}
        </Campo>
        {erro ? <Mensagem tipo="erro">{erro}</Mensagem> : null}
        <button type="submit" className="primario" disabled={enviando}>
          {enviando ? 'Entrando…' : 'Entrar'}
        </button>
      </form>
    </main>
  );
}
