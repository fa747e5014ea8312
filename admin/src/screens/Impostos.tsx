import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ErroApi, mensagemDeErro, type CampoComErro } from '../api';
import { Campo, Mensagem, type AtributosCampo } from '../components/Campo';
import { Confirmacao, type PedidoConfirmacao } from '../components/Confirmacao';
import { GraficoRegimes } from '../components/GraficoRegimes';
import { focar, Titulo } from '../components/Titulo';
import { useApp } from '../context';
import { dia, hojeEmBrasilia, moeda, percentual } from '../format';

interface Linha {
  tributo: string;
  base: number;
  aliquota: number;
  valor: number;
  informativo: boolean;
  vencimento: string | null;
  fundamento: string;
  naoCalculavel: boolean;
  motivo: string | null;
}
interface TituloPagar {
  id: string;
  tributo: string;
  valor: number;
  vencimento: string;
  competencia: string;
  credor: string;
  codigoReceita: string | null;
}
interface Simulacao {
  id: string;
  tipoDocumento: string;
  regime: 'SIMPLES_NACIONAL' | 'LUCRO_PRESUMIDO' | 'LUCRO_REAL';
  dataOperacao: string;
  valor: number;
  linhas: Linha[];
  totalDevido: number;
  cargaEfetiva: number;
  completo: boolean;
  provisionada: boolean;
  titulos: TituloPagar[];
  pendentesDeVencimento: string[];
  partilhaDas: { tributo: string; aliquota: number; valor: number; residuo: number }[] | null;
  avisos: string[];
  premissas: string[];
}

const CAMPOS_SIM = `id tipoDocumento regime dataOperacao valor totalDevido cargaEfetiva completo provisionada pendentesDeVencimento avisos premissas
  linhas { tributo base aliquota valor informativo vencimento fundamento naoCalculavel motivo }
  titulos { id tributo valor vencimento competencia credor codigoReceita }
  partilhaDas { tributo aliquota valor residuo }`;
const SIMULAR = `mutation($input: SimularImpostosInput!) { simularImpostos(input: $input) { ${CAMPOS_SIM} } }`;
const COMPARAR = `mutation($input: SimularImpostosInput!) { compararRegimes(input: $input) { ${CAMPOS_SIM} } }`;
const PROVISIONAR = `mutation($id: ID!) { provisionarImpostos(simulacaoId: $id) { ${CAMPOS_SIM} } }`;

const REGIMES: Record<Simulacao['regime'], string> = { SIMPLES_NACIONAL: 'Simples Nacional', LUCRO_PRESUMIDO: 'Lucro Presumido', LUCRO_REAL: 'Lucro Real' };
const ATIVIDADES: Record<string, string> = {
  MERCADORIAS: 'Venda de mercadorias, indústria',
  SERVICOS: 'Serviços em geral',
  TRANSPORTE_CARGA: 'Transporte de cargas',
  TRANSPORTE_PASSAGEIROS: 'Transporte de passageiros',
  SERVICOS_HOSPITALARES: 'Serviços hospitalares',
  CONSTRUCAO_COM_MATERIAIS: 'Construção com materiais',
  COMBUSTIVEIS: 'Revenda de combustíveis',
};
const UFS = 'AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(' ');

/** Numeric inputs of SimularImpostosInput (Float), kept as typed text until sent. */
const NUMEROS = ['valor', 'aliquotaIpi', 'aliquotaIss', 'receitaBruta12Meses', 'comprasCreditaveis', 'baseAcumuladaTrimestre', 'receitaAcumuladaAno', 'lucroRealTrimestre', 'aliquotaIs', 'aliquotaIcmsCompras'] as const;
const TEXTOS = ['tipoDocumento', 'dataOperacao', 'regime', 'ufOrigem', 'ufDestino', 'ncm', 'cfop', 'atividade', 'anexoSimples'] as const;
type Chave = (typeof NUMEROS)[number] | (typeof TEXTOS)[number];

export function Impostos(props: { title: string }) {
  const { api, sessao, anunciar } = useApp();
  const [f, setF] = useState<Record<Chave, string>>(() => ({
    tipoDocumento: 'NFSE',
    valor: '',
    dataOperacao: hojeEmBrasilia(),
    regime: '',
    ufOrigem: '',
    ufDestino: '',
    ncm: '',
    cfop: '',
    atividade: '',
    anexoSimples: '',
    aliquotaIpi: '',
    aliquotaIss: '',
    receitaBruta12Meses: '',
    comprasCreditaveis: '',
    baseAcumuladaTrimestre: '',
    receitaAcumuladaAno: '',
    lucroRealTrimestre: '',
    aliquotaIs: '',
    aliquotaIcmsCompras: '',
  }));
  const [marcas, setMarcas] = useState({ mercadoriaImportada: false, produtoZonaFrancaManaus: false });
  const [erros, setErros] = useState<CampoComErro[]>([]);
  const [geral, setGeral] = useState<string | null>(null);
  const [atual, setAtual] = useState<Simulacao | null>(null);
  const [comparacao, setComparacao] = useState<Simulacao[] | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [pedido, setPedido] = useState<PedidoConfirmacao | null>(null);
  const [aviso, setAviso] = useState<{ tipo: 'ok' | 'erro'; texto: string } | null>(null);
  const resumo = useRef<HTMLDivElement | null>(null);
  const resultado = useRef<HTMLHeadingElement | null>(null);
  const avisoRef = useRef<HTMLDivElement | null>(null);

  const erroDe = (campo: string) => {
    const achados = erros.filter((e) => e.campo === campo);
    return achados.length ? achados.map((e) => e.erro).join('; ') : null;
  };

  function entrada(): { input: Record<string, unknown>; locais: CampoComErro[] } {
    const locais: CampoComErro[] = [];
    const input: Record<string, unknown> = {};
    // Only what the person ticked: an unticked box is "not said", not "false" (the engine would note it as ignored).
    if (marcas.mercadoriaImportada) input.mercadoriaImportada = true;
    if (marcas.produtoZonaFrancaManaus) input.produtoZonaFrancaManaus = true;
    for (const chave of TEXTOS) if (f[chave].trim() !== '') input[chave] = f[chave].trim();
    for (const chave of NUMEROS) {
      // Brazilian "1.234,56" or plain "1234.56".
      const bruto = f[chave].trim();
      const texto = bruto.includes(',') ? bruto.replace(/\./g, '').replace(',', '.') : bruto;
      if (texto === '') continue;
      const n = Number(texto);
      if (!Number.isFinite(n)) locais.push({ campo: chave, regra: 'NAO_NUMERICO', erro: 'deve ser um número' });
      else input[chave] = n;
    }
    if (f.valor.trim() === '') locais.push({ campo: 'valor', regra: 'OBRIGATORIO', erro: 'informe o valor da operação' });
    return { input, locais };
  }

  async function enviar(evento: FormEvent, comparar: boolean) {
    evento.preventDefault();
    setGeral(null);
    setAviso(null);
    const { input, locais } = entrada();
    if (comparar) delete input.regime;
    if (locais.length) {
      setErros(locais);
      focar(() => resumo.current);
      return;
    }
    setEnviando(true);
    try {
      if (comparar) {
        const dados = await api.graphql<{ compararRegimes: Simulacao[] }>(COMPARAR, { input });
        setComparacao(dados.compararRegimes);
        const menor = [...dados.compararRegimes].sort((a, b) => a.totalDevido - b.totalDevido)[0];
        setAtual(menor);
        anunciar(`Comparação pronta: menor total no ${REGIMES[menor.regime]}, ${moeda(menor.totalDevido)}.`);
      } else {
        const dados = await api.graphql<{ simularImpostos: Simulacao }>(SIMULAR, { input });
        setComparacao(null);
        setAtual(dados.simularImpostos);
        anunciar(`Simulação pronta: total devido ${moeda(dados.simularImpostos.totalDevido)}.`);
      }
      setErros([]);
      focar(() => resultado.current);
    } catch (e) {
      if (e instanceof ErroApi && e.campos.length) setErros(e.campos);
      else setGeral(mensagemDeErro(e));
      focar(() => resumo.current);
    } finally {
      setEnviando(false);
    }
  }

  function pedirProvisao(sim: Simulacao) {
    const pagaveis = sim.linhas.filter((l) => !l.informativo && l.vencimento && l.valor > 0);
    setPedido({
      titulo: 'Provisionar os impostos desta simulação?',
      mensagem: (
        <>
          <p>
            Cria no financeiro <strong>um título a pagar por tributo</strong> ({pagaveis.length}), uma vez só: pedir de novo não cria outros.
          </p>
          <ul>
            {pagaveis.map((l) => (
              <li key={l.tributo}>
                {l.tributo}: {moeda(l.valor)}, vencimento {dia(l.vencimento)}
              </li>
            ))}
          </ul>
          {sim.pendentesDeVencimento.length ? <p>Sem vencimento definido, ficam de fora: {sim.pendentesDeVencimento.join(', ')}.</p> : null}
        </>
      ),
      acao: 'Provisionar impostos',
      aoConfirmar: async () => {
        try {
          const dados = await api.graphql<{ provisionarImpostos: Simulacao }>(PROVISIONAR, { id: sim.id });
          const nova = dados.provisionarImpostos;
          setAtual(nova);
          setComparacao((c) => c?.map((s) => (s.id === nova.id ? nova : s)) ?? null);
          const n = nova.titulos.length;
          setAviso({ tipo: 'ok', texto: n === 1 ? '1 título a pagar criado no financeiro.' : `${n} títulos a pagar criados no financeiro.` });
        } catch (e) {
          setAviso({ tipo: 'erro', texto: mensagemDeErro(e) });
        }
        focar(() => avisoRef.current);
      },
    });
  }

  const campo = (chave: Chave, rotulo: string, controle: (a: AtributosCampo) => ReactNode, extra: { ajuda?: string; largura?: 'curta' | 'media' | 'longa' } = {}) => (
    <Campo id={`sim-${chave}`} rotulo={rotulo} erro={erroDe(chave)} ajuda={extra.ajuda} largura={extra.largura ?? 'curta'}>
      {(a) => controle({ ...a, required: false })}
    </Campo>
  );
  const texto = (chave: Chave) => ({ value: f[chave], onChange: (e: { target: { value: string } }) => setF((v) => ({ ...v, [chave]: e.target.value })) });
  const selectUf = (chave: Chave) => (a: AtributosCampo) => (
    <select {...a} {...texto(chave)}>
      <option value="">padrão</option>
      {UFS.map((uf) => (
        <option key={uf}>{uf}</option>
      ))}
    </select>
  );

  return (
    <section>
      <Titulo>{props.title}</Titulo>
      <p className="introducao">
        Quanto a operação gera de impostos, quando vence cada um e quanto custaria em outro regime. Os campos vazios usam o padrão das
        configurações fiscais da empresa (regime, UF, alíquota do DAS).
      </p>
      <div tabIndex={-1} ref={resumo}>
        {erros.length ? (
          <Mensagem tipo="erro">
            <p>A simulação não foi feita. Corrija:</p>
            <ul>
              {erros.map((e, i) => (
                <li key={i}>
                  <a
                    href={`#sim-${e.campo}`}
                    onClick={(ev) => {
                      ev.preventDefault();
                      document.getElementById(`sim-${e.campo}`)?.focus();
                    }}
                  >
                    {e.campo}: {e.erro}
                  </a>
                </li>
              ))}
            </ul>
          </Mensagem>
        ) : null}
        {geral ? <Mensagem tipo="erro">{geral}</Mensagem> : null}
      </div>
      <form onSubmit={(e) => void enviar(e, false)} noValidate className="cartao" aria-label="Simulação de impostos">
        <div className="grade">
          {campo('tipoDocumento', 'Documento', (a) => (
            <select {...a} {...texto('tipoDocumento')}>
              <option value="NFSE">NFS-e (serviço)</option>
              <option value="NFE">NF-e (mercadoria)</option>
              <option value="NFCE">NFC-e (consumidor)</option>
              <option value="CTE">CT-e (transporte)</option>
            </select>
          ))}
          {campo('valor', 'Valor da operação (R$)', (a) => <input {...a} inputMode="decimal" {...texto('valor')} />)}
          {campo('dataOperacao', 'Data da operação', (a) => <input {...a} type="date" {...texto('dataOperacao')} />)}
          {campo('regime', 'Regime', (a) => (
            <select {...a} {...texto('regime')}>
              <option value="">o da empresa</option>
              {Object.entries(REGIMES).map(([v, r]) => (
                <option key={v} value={v}>
                  {r}
                </option>
              ))}
            </select>
          ), { ajuda: 'Ignorado em "Comparar regimes".' })}
          {campo('ufOrigem', 'UF de origem', selectUf('ufOrigem'))}
          {campo('ufDestino', 'UF de destino', selectUf('ufDestino'))}
          {campo('ncm', 'NCM', (a) => <input {...a} inputMode="numeric" {...texto('ncm')} />, { ajuda: '8 dígitos, sem pontos.' })}
          {campo('cfop', 'CFOP', (a) => <input {...a} inputMode="numeric" {...texto('cfop')} />, { ajuda: '4 dígitos, sem ponto.' })}
          {campo('aliquotaIss', 'Alíquota ISS (%)', (a) => <input {...a} inputMode="decimal" {...texto('aliquotaIss')} />, { ajuda: 'De 2 a 5; padrão 5.' })}
          {campo('atividade', 'Atividade (presunção do LP)', (a) => (
            <select {...a} {...texto('atividade')}>
              <option value="">padrão do documento</option>
              {Object.entries(ATIVIDADES).map(([v, r]) => (
                <option key={v} value={v}>
                  {r}
                </option>
              ))}
            </select>
          ), { largura: 'media' })}
          {campo('anexoSimples', 'Anexo do Simples', (a) => (
            <select {...a} {...texto('anexoSimples')}>
              <option value="">padrão</option>
              {['I', 'II', 'III', 'IV', 'V'].map((x) => (
                <option key={x}>{x}</option>
              ))}
            </select>
          ))}
          {campo('receitaBruta12Meses', 'Receita bruta 12 meses (R$)', (a) => <input {...a} inputMode="decimal" {...texto('receitaBruta12Meses')} />, { ajuda: 'RBT12, para a alíquota efetiva do Simples.' })}
          {campo('comprasCreditaveis', 'Compras creditáveis (R$)', (a) => <input {...a} inputMode="decimal" {...texto('comprasCreditaveis')} />)}
        </div>
        <details>
          <summary>Mais campos (apuração, reforma, importação)</summary>
          <div className="grade">
            {campo('aliquotaIpi', 'Alíquota IPI (%)', (a) => <input {...a} inputMode="decimal" {...texto('aliquotaIpi')} />)}
            {campo('baseAcumuladaTrimestre', 'Base IRPJ já acumulada no trimestre (R$)', (a) => <input {...a} inputMode="decimal" {...texto('baseAcumuladaTrimestre')} />)}
            {campo('receitaAcumuladaAno', 'Receita acumulada no ano (R$)', (a) => <input {...a} inputMode="decimal" {...texto('receitaAcumuladaAno')} />)}
            {campo('lucroRealTrimestre', 'Lucro real do trimestre (R$)', (a) => <input {...a} inputMode="decimal" {...texto('lucroRealTrimestre')} />)}
            {campo('aliquotaIs', 'Imposto Seletivo (%)', (a) => <input {...a} inputMode="decimal" {...texto('aliquotaIs')} />)}
            {campo('aliquotaIcmsCompras', 'ICMS das compras (%)', (a) => <input {...a} inputMode="decimal" {...texto('aliquotaIcmsCompras')} />)}
          </div>
          <label className="opcao">
            <input type="checkbox" checked={marcas.mercadoriaImportada} onChange={(e) => setMarcas({ ...marcas, mercadoriaImportada: e.target.checked })} /> Mercadoria importada (ICMS
            interestadual 4%)
          </label>
          <label className="opcao">
            <input type="checkbox" checked={marcas.produtoZonaFrancaManaus} onChange={(e) => setMarcas({ ...marcas, produtoZonaFrancaManaus: e.target.checked })} /> Produto
            incentivado da Zona Franca de Manaus
          </label>
        </details>
        <div className="botoes">
          <button type="submit" className="primario" disabled={enviando}>
            Simular
          </button>
          <button type="button" disabled={enviando} onClick={(e) => void enviar(e, true)}>
            Comparar regimes
          </button>
        </div>
      </form>

      {comparacao ? (
        <section className="cartao" aria-labelledby="comparacao-titulo">
          <h2 id="comparacao-titulo" tabIndex={-1} ref={resultado}>
            Comparação de regimes
          </h2>
          <GraficoRegimes
            series={comparacao.map((s) => ({
              regime: s.regime,
              rotulo: REGIMES[s.regime],
              total: s.totalDevido,
              carga: s.cargaEfetiva,
              partes: s.linhas.filter((l) => !l.informativo && l.valor > 0).map((l) => ({ tributo: l.tributo, valor: l.valor })),
            }))}
          />
          <table>
            <caption>Comparação em números</caption>
            <thead>
              <tr>
                <th scope="col">Regime</th>
                <th scope="col" className="num">Total devido</th>
                <th scope="col" className="num">Carga efetiva</th>
                <th scope="col">Completo</th>
                <th scope="col">Detalhe</th>
              </tr>
            </thead>
            <tbody>
              {comparacao.map((s) => (
                <tr key={s.id} className={atual?.id === s.id ? 'selecionada' : undefined}>
                  <th scope="row">{REGIMES[s.regime]}</th>
                  <td className="num">{moeda(s.totalDevido)}</td>
                  <td className="num">{percentual(s.cargaEfetiva)}</td>
                  <td>{s.completo ? 'sim' : 'não (total é um piso)'}</td>
                  <td>
                    <button type="button" aria-pressed={atual?.id === s.id} onClick={() => setAtual(s)}>
                      Ver linhas
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      {atual ? (
        <section className="cartao" aria-labelledby="resultado-titulo">
          <h2 id="resultado-titulo" tabIndex={-1} ref={comparacao ? undefined : resultado}>
            Resultado — {REGIMES[atual.regime]}, {atual.tipoDocumento}, {moeda(atual.valor)} em {dia(atual.dataOperacao)}
          </h2>
          <p className="destaque">
            Total devido <strong>{moeda(atual.totalDevido)}</strong> · carga efetiva <strong>{percentual(atual.cargaEfetiva)}</strong>
            {atual.completo ? '' : ' · incompleto: alguma linha não pôde ser calculada, o total é um piso'}
          </p>
          <div className="tabela-rolavel">
            <table>
              <caption className="so-leitor">Linhas da simulação</caption>
              <thead>
                <tr>
                  <th scope="col">Tributo</th>
                  <th scope="col" className="num">Base</th>
                  <th scope="col" className="num">Alíquota</th>
                  <th scope="col" className="num">Valor</th>
                  <th scope="col">Vencimento</th>
                  <th scope="col">Observação</th>
                  <th scope="col">Fundamento</th>
                </tr>
              </thead>
              <tbody>
                {atual.linhas.map((l) => (
                  <tr key={l.tributo} className={l.informativo ? 'informativa' : undefined}>
                    <th scope="row">{l.tributo}</th>
                    <td className="num">{moeda(l.base)}</td>
                    <td className="num">{percentual(l.aliquota)}</td>
                    <td className="num">{moeda(l.valor)}</td>
                    <td>{dia(l.vencimento)}</td>
                    <td>{l.naoCalculavel ? `não calculável: ${l.motivo ?? ''}` : l.informativo ? 'informativo (não pago à parte)' : ''}</td>
                    <td className="fundamento">{l.fundamento}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {atual.partilhaDas?.length ? (
            <p>
              Partilha do DAS: {atual.partilhaDas.map((p) => `${p.tributo} ${moeda(p.valor)}`).join(' · ')}
            </p>
          ) : null}
          {atual.avisos.length ? (
            <>
              <h3>Avisos</h3>
              <ul>
                {atual.avisos.map((a, i) => (
                  <li key={i}>{a}</li>
                ))}
              </ul>
            </>
          ) : null}
          {atual.premissas.length ? (
            <details>
              <summary>Premissas ({atual.premissas.length})</summary>
              <ul>
                {atual.premissas.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
            </details>
          ) : null}

          <h3>Provisão no financeiro</h3>
          {aviso ? (
            <Mensagem tipo={aviso.tipo} foco={(el) => (avisoRef.current = el)}>
              {aviso.texto}
            </Mensagem>
          ) : null}
          {atual.provisionada ? (
            <div className="tabela-rolavel">
              <table>
                <caption>Títulos a pagar criados</caption>
                <thead>
                  <tr>
                    <th scope="col">Tributo</th>
                    <th scope="col" className="num">Valor</th>
                    <th scope="col">Vencimento</th>
                    <th scope="col">Competência</th>
                    <th scope="col">Credor</th>
                    <th scope="col">Código de receita</th>
                  </tr>
                </thead>
                <tbody>
                  {atual.titulos.map((t) => (
                    <tr key={t.id}>
                      <th scope="row">{t.tributo}</th>
                      <td className="num">{moeda(t.valor)}</td>
                      <td>{dia(t.vencimento)}</td>
                      <td>{t.competencia}</td>
                      <td>{t.credor}</td>
                      <td>{t.codigoReceita ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : sessao.papel === 'admin' ? (
            <button type="button" className="primario" onClick={() => pedirProvisao(atual)}>
              Provisionar impostos…
            </button>
          ) : (
            <p className="discreto">Só administradores provisionam impostos.</p>
          )}
        </section>
      ) : null}
      <Confirmacao pedido={pedido} aoFechar={() => setPedido(null)} />
    </section>
  );
}
