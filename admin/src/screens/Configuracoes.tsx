import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ErroApi, mensagemDeErro, type CampoComErro } from '../api';
import { Campo, Mensagem, type AtributosCampo } from '../components/Campo';
import { Confirmacao, type PedidoConfirmacao } from '../components/Confirmacao';
import { focar, Titulo } from '../components/Titulo';
import { useApp } from '../context';
import { dataHora } from '../format';

interface Certificado {
  titular: string;
  cnpj: string;
  emissor: string;
  numeroSerie: string;
  validoDe: string;
  validoAte: string;
  diasParaExpirar: number;
  aviso: string | null;
  senha: string;
}
interface Configuracao {
  ambiente: string;
  seriePadrao: number;
  series: number[];
  emissaoAutomatica: boolean;
  timeoutSegundos: number;
  certificadoA1: Certificado | null;
  nfse: Record<'provedor' | 'endpoint' | 'codigoCidade' | 'inscricaoMunicipal' | 'codigoServico' | 'codigoServicoNacional' | 'descricaoServico' | 'usuario' | 'senha', string | null>;
  empresa: {
    cnpj: string | null;
    razaoSocial: string | null;
    inscricaoEstadual: string | null;
    uf: string | null;
    codigoMunicipio: string | null;
    regimeTributario: string | null;
    aliquotaDas: number | null;
    endereco: Record<(typeof ENDERECO)[number], string | null> | null;
  };
  prazosCancelamento: Record<(typeof PRAZOS)[number], number | null>;
  vencimentos: Record<(typeof VENCIMENTOS)[number], { dia: number; ajuste: string } | null>;
  aliquotasReferencia: { ano: number; cbs: number | null; ibsUf: number | null; ibsMun: number | null }[];
  versao: number;
  atualizadoEm: string | null;
}

const ENDERECO = ['logradouro', 'numero', 'complemento', 'bairro', 'municipio', 'cep', 'telefone'] as const;
const PRAZOS = ['nfeHoras', 'nfceMinutos', 'cteHoras', 'nfseDias'] as const;
const VENCIMENTOS = ['icms', 'iss', 'cbs', 'ibs', 'is'] as const;

const CAMPOS_CONFIG = `ambiente seriePadrao series emissaoAutomatica timeoutSegundos
  prazosCancelamento { ${PRAZOS.join(' ')} }
  vencimentos { ${VENCIMENTOS.map((tributo) => `${tributo} { dia ajuste }`).join(' ')} }
  aliquotasReferencia { ano cbs ibsUf ibsMun }
  certificadoA1 { titular cnpj emissor numeroSerie validoDe validoAte diasParaExpirar aviso senha }
  nfse { provedor endpoint codigoCidade inscricaoMunicipal codigoServico codigoServicoNacional descricaoServico usuario senha }
  empresa { cnpj razaoSocial inscricaoEstadual uf codigoMunicipio regimeTributario aliquotaDas endereco { ${ENDERECO.join(' ')} } }
  versao atualizadoEm`;
const LER = `{ configuracaoFiscal { ${CAMPOS_CONFIG} } }`;
const VERSAO = '{ configuracaoFiscal { versao atualizadoEm } }';
const SALVAR = `mutation($entrada: ConfiguracaoFiscalEntrada!, $versaoEsperada: Int) {
  salvarConfiguracaoFiscal(entrada: $entrada, versaoEsperada: $versaoEsperada) { ${CAMPOS_CONFIG} }
}`;

const UFS = 'AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(' ');
const TEXTOS = [
  'empresa.cnpj',
  'empresa.razaoSocial',
  'empresa.inscricaoEstadual',
  'empresa.uf',
  'empresa.codigoMunicipio',
  'empresa.regimeTributario',
  'empresa.aliquotaDas',
  'nfse.provedor',
  'nfse.endpoint',
  'nfse.codigoCidade',
  'nfse.inscricaoMunicipal',
  'nfse.codigoServico',
  'nfse.codigoServicoNacional',
  'nfse.usuario',
] as const;
type CampoEndereco = `empresa.endereco.${(typeof ENDERECO)[number]}`;
type CampoPrazo = `prazosCancelamento.${(typeof PRAZOS)[number]}`;
type CampoVencimento = `vencimentos.${(typeof VENCIMENTOS)[number]}.${'dia' | 'ajuste'}`;
type Texto = (typeof TEXTOS)[number] | CampoEndereco | CampoPrazo | CampoVencimento | 'ambiente' | 'seriePadrao' | 'series' | 'timeoutSegundos';

/** The form keeps every field as typed text, keyed by the API's field path, so an error lands on its field. */
interface Formulario {
  textos: Record<Texto, string>;
  emissaoAutomatica: boolean;
  nfseSenha: string;
  removerNfseSenha: boolean;
  certArquivo: { nome: string; base64: string } | null;
  certSenha: string;
  removerCertificado: boolean;
  /** Not edited on this screen: sent back as read, so a save keeps it. */
  aliquotasReferencia: Configuracao['aliquotasReferencia'];
}

function formularioDe(c: Configuracao): Formulario {
  const textos = {
    ambiente: c.ambiente,
    seriePadrao: String(c.seriePadrao),
    series: c.series.join(', '),
    timeoutSegundos: String(c.timeoutSegundos),
  } as Record<Texto, string>;
  for (const caminho of TEXTOS) {
    const [grupo, campo] = caminho.split('.') as ['empresa' | 'nfse', string];
    const valor = (c[grupo] as Record<string, string | number | null>)[campo];
    textos[caminho] = valor == null ? '' : String(valor);
  }
  for (const campo of ENDERECO) textos[`empresa.endereco.${campo}`] = c.empresa.endereco?.[campo] ?? '';
  for (const prazo of PRAZOS) textos[`prazosCancelamento.${prazo}`] = c.prazosCancelamento[prazo] == null ? '' : String(c.prazosCancelamento[prazo]);
  for (const tributo of VENCIMENTOS) {
    const regra = c.vencimentos[tributo];
    textos[`vencimentos.${tributo}.dia`] = regra ? String(regra.dia) : '';
    textos[`vencimentos.${tributo}.ajuste`] = regra?.ajuste ?? 'PRORROGAR';
  }
  return { textos, emissaoAutomatica: c.emissaoAutomatica, nfseSenha: '', removerNfseSenha: false, certArquivo: null, certSenha: '', removerCertificado: false, aliquotasReferencia: c.aliquotasReferencia };
}

const vazioComoNulo = (texto: string) => (texto.trim() === '' ? null : texto.trim());

/** The GraphQL input, or the fields that are not numbers (GraphQL's Int would refuse them before any rule). */
function entradaDe(f: Formulario): { entrada: Record<string, unknown>; locais: CampoComErro[] } {
  const locais: CampoComErro[] = [];
  const inteiro = (campo: Texto): number | null => {
    const texto = f.textos[campo].trim();
    if (texto === '') return null;
    if (!/^-?\d+$/.test(texto)) {
      locais.push({ campo, regra: 'tipo', erro: 'deve ser um número inteiro' });
      return null;
    }
    return Number(texto);
  };
  const series = f.textos.series.trim() === '' ? null : f.textos.series.split(/[,;\s]+/).filter(Boolean);
  if (series && series.some((s) => !/^\d+$/.test(s))) locais.push({ campo: 'series', regra: 'tipo', erro: 'números inteiros separados por vírgula' });
  const aliquotaTexto = f.textos['empresa.aliquotaDas'].trim().replace(',', '.');
  const aliquota = aliquotaTexto === '' ? null : Number(aliquotaTexto);
  if (aliquota !== null && !Number.isFinite(aliquota)) locais.push({ campo: 'empresa.aliquotaDas', regra: 'tipo', erro: 'deve ser um número (percentual)' });

  const empresa: Record<string, unknown> = {};
  const nfse: Record<string, unknown> = {};
  for (const caminho of TEXTOS) {
    const [grupo, campo] = caminho.split('.');
    (grupo === 'empresa' ? empresa : nfse)[campo] = vazioComoNulo(f.textos[caminho]);
  }
  empresa.aliquotaDas = aliquota;
  // The address is all or nothing (NF-e enderEmit): every box blank means none; else the service names what is missing.
  const endereco = Object.fromEntries(ENDERECO.map((campo) => [campo, vazioComoNulo(f.textos[`empresa.endereco.${campo}`])]));
  empresa.endereco = Object.values(endereco).every((valor) => valor === null) ? null : endereco;
  const prazosCancelamento = Object.fromEntries(PRAZOS.map((prazo) => [prazo, inteiro(`prazosCancelamento.${prazo}`)]));
  const vencimentos = Object.fromEntries(
    VENCIMENTOS.map((tributo) => {
      const dia = inteiro(`vencimentos.${tributo}.dia`);
      return [tributo, dia === null ? null : { dia, ajuste: f.textos[`vencimentos.${tributo}.ajuste`] }];
    }),
  );
  // Passwords: left empty, the stored one stays (the field is omitted); ticked for removal, null removes it.
  if (f.removerNfseSenha) nfse.senha = null;
  else if (f.nfseSenha !== '') nfse.senha = f.nfseSenha;

  const entrada: Record<string, unknown> = {
    ambiente: f.textos.ambiente,
    seriePadrao: inteiro('seriePadrao'),
    series: series && !locais.some((l) => l.campo === 'series') ? series.map(Number) : null,
    emissaoAutomatica: f.emissaoAutomatica,
    timeoutSegundos: inteiro('timeoutSegundos'),
    prazosCancelamento,
    vencimentos,
    aliquotasReferencia: f.aliquotasReferencia,
    empresa,
    nfse,
  };
  if (f.removerCertificado) entrada.certificadoA1 = null;
  else if (f.certArquivo) entrada.certificadoA1 = { arquivoBase64: f.certArquivo.base64, senha: f.certSenha };
  return { entrada, locais };
}

/** Where each certificate refusal belongs in the form. */
const CAMPO_DO_CODIGO: Record<string, string> = {
  CERTIFICADO_SENHA_INVALIDA: 'certificadoA1.senha',
  CERTIFICADO_FORMATO_INVALIDO: 'certificadoA1.arquivoBase64',
  CERTIFICADO_SEM_CHAVE_PRIVADA: 'certificadoA1.arquivoBase64',
  CERTIFICADO_EXPIRADO: 'certificadoA1.arquivoBase64',
  CERTIFICADO_AINDA_NAO_VALIDO: 'certificadoA1.arquivoBase64',
  CERTIFICADO_SEM_CNPJ: 'certificadoA1.arquivoBase64',
  CERTIFICADO_CNPJ_DIVERGENTE: 'certificadoA1.arquivoBase64',
};

const idDo = (campo: string) => `cfg-${campo}`;

function lerArquivo(arquivo: File): Promise<string> {
  return new Promise((resolver, rejeitar) => {
    const leitor = new FileReader();
    // readAsDataURL gives a string: `data:<type>;base64,<bytes>`.
    leitor.onload = () => resolver((leitor.result as string).replace(/^data:[^,]*,/, ''));
    leitor.onerror = () => rejeitar(leitor.error ?? new Error('não foi possível ler o arquivo'));
    leitor.readAsDataURL(arquivo);
  });
}

export function Configuracoes(props: { title: string }) {
  const { api, sessao } = useApp();
  const [config, setConfig] = useState<Configuracao | null>(null);
  const [form, setForm] = useState<Formulario | null>(null);
  const [erros, setErros] = useState<CampoComErro[]>([]);
  const [geral, setGeral] = useState<string | null>(null);
  const [conflito, setConflito] = useState<{ versao: number; atualizadoEm: string | null } | null>(null);
  const [salvo, setSalvo] = useState<string | null>(null);
  const [salvando, setSalvando] = useState(false);
  const [pedido, setPedido] = useState<PedidoConfirmacao | null>(null);
  /** A .pfx being read: saving now would send the form without it (or with the previous file). */
  const [lendoCertificado, setLendoCertificado] = useState(false);
  const leitura = useRef(0);
  const resumoRef = useRef<HTMLDivElement | null>(null);
  const salvoRef = useRef<HTMLDivElement | null>(null);
  const arquivoRef = useRef<HTMLInputElement>(null);
  const somenteLeitura = sessao.papel !== 'admin';

  const carregar = useCallback(async () => {
    try {
      const dados = await api.graphql<{ configuracaoFiscal: Configuracao }>(LER);
      setConfig(dados.configuracaoFiscal);
      setForm(formularioDe(dados.configuracaoFiscal));
      setErros([]);
      setGeral(null);
      setConflito(null);
      if (arquivoRef.current) arquivoRef.current.value = '';
    } catch (e) {
      setGeral(mensagemDeErro(e));
    }
  }, [api]);

  useEffect(() => {
    void carregar();
  }, [carregar]);

  if (!form || !config) {
    return (
      <section>
        <Titulo>{props.title}</Titulo>
        {geral ? <Mensagem tipo="erro">{geral}</Mensagem> : <p>Carregando…</p>}
      </section>
    );
  }

  const erroDe = (campo: string): string | null => {
    const achados = erros.filter((e) => e.campo === campo || e.campo.startsWith(`${campo}[`));
    return achados.length ? achados.map((e) => e.erro).join('; ') : null;
  };
  const texto = (campo: Texto) => ({
    value: form.textos[campo],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => {
        if (!f) return f;
        const textos = { ...f.textos, [campo]: e.target.value };
        // A new service item derives its national code again (an old one would contradict it).
        if (campo === 'nfse.codigoServico') textos['nfse.codigoServicoNacional'] = '';
        return { ...f, textos };
      }),
  });

  /**
   * A save that cannot be undone from this screen asks first: overwriting someone else's version, removing the
   * stored certificate, removing the stored web-service password. One dialog lists whichever of them this save does.
   */
  function pedirSalvar(evento: FormEvent, versaoEsperada: number, porCima: boolean) {
    evento.preventDefault();
    if (!form || !config || lendoCertificado) return;
    const perdas: ReactNode[] = [];
    if (porCima) perdas.push(<li key="versao">as alterações da versão {versaoEsperada} são substituídas pelas suas (quem as fez não é avisado);</li>);
    if (form.removerCertificado && config.certificadoA1) {
      perdas.push(<li key="certificado">o certificado A1 de {config.certificadoA1.titular} é apagado: nenhum documento é transmitido até outro ser enviado;</li>);
    }
    if (form.removerNfseSenha && config.nfse.senha) perdas.push(<li key="senha">a senha guardada do web service da NFS-e é apagada;</li>);
    if (!perdas.length) return void salvar(versaoEsperada);
    setPedido({
      titulo: porCima ? `Salvar por cima da versão ${versaoEsperada}?` : 'Salvar e remover o que está guardado?',
      mensagem: (
        <>
          <p>
            Ao salvar, <strong>não dá para desfazer</strong>:
          </p>
          <ul>{perdas}</ul>
        </>
      ),
      acao: porCima ? `Salvar por cima da versão ${versaoEsperada}` : 'Salvar e remover',
      perigo: true,
      aoConfirmar: () => salvar(versaoEsperada),
    });
  }

  async function salvar(versaoEsperada: number) {
    if (!form || lendoCertificado) return;
    setSalvo(null);
    setGeral(null);
    setConflito(null);
    const { entrada, locais } = entradaDe(form);
    if (locais.length) {
      setErros(locais);
      focar(() => resumoRef.current);
      return;
    }
    setSalvando(true);
    try {
      const dados = await api.graphql<{ salvarConfiguracaoFiscal: Configuracao }>(SALVAR, { entrada, versaoEsperada });
      const nova = dados.salvarConfiguracaoFiscal;
      setConfig(nova);
      setForm(formularioDe(nova));
      setErros([]);
      if (arquivoRef.current) arquivoRef.current.value = '';
      const texto = `Configurações salvas (versão ${nova.versao}).`;
      setSalvo(texto);
      focar(() => salvoRef.current);
    } catch (e) {
      if (e instanceof ErroApi && e.codigo === 'CONFLITO_DE_EDICAO') {
        const atual = await api.graphql<{ configuracaoFiscal: { versao: number; atualizadoEm: string | null } }>(VERSAO).catch(() => null);
        setConflito(atual?.configuracaoFiscal ?? { versao: config?.versao ?? 0, atualizadoEm: null });
        focar(() => resumoRef.current);
      } else if (e instanceof ErroApi && e.campos.length) {
        setErros(e.campos);
        focar(() => resumoRef.current);
      } else if (e instanceof ErroApi && CAMPO_DO_CODIGO[e.codigo]) {
        setErros([{ campo: CAMPO_DO_CODIGO[e.codigo], regra: e.codigo, erro: e.message }]);
        focar(() => resumoRef.current);
      } else {
        setGeral(mensagemDeErro(e));
        focar(() => resumoRef.current);
      }
    } finally {
      setSalvando(false);
    }
  }

  const campo = (id: string, rotulo: string, controle: (a: AtributosCampo) => ReactNode, extra: { ajuda?: ReactNode; largura?: 'curta' | 'media' | 'longa' } = {}) => (
    <Campo id={idDo(id)} rotulo={rotulo} erro={erroDe(id)} ajuda={extra.ajuda} largura={extra.largura}>
      {(a) => controle({ ...a, required: false })}
    </Campo>
  );
  const conhecidos = new Set<string>([
    ...TEXTOS,
    ...ENDERECO.map((campo) => `empresa.endereco.${campo}`),
    ...PRAZOS.map((prazo) => `prazosCancelamento.${prazo}`),
    ...VENCIMENTOS.flatMap((tributo) => [`vencimentos.${tributo}.dia`, `vencimentos.${tributo}.ajuste`]),
    'ambiente', 'seriePadrao', 'series', 'timeoutSegundos', 'emissaoAutomatica', 'certificadoA1.arquivoBase64', 'certificadoA1.senha', 'nfse.senha']);
  const cert = config.certificadoA1;

  return (
    <section>
      <Titulo>{props.title}</Titulo>
      <p className="introducao">
        Faturamento › Configurações › Fiscal. Versão {config.versao}
        {config.atualizadoEm ? `, salva em ${dataHora(config.atualizadoEm)}` : ' (nada salvo ainda: valores padrão)'}.
        {somenteLeitura ? ' Só administradores alteram estas configurações.' : ''}
      </p>
      <div tabIndex={-1} ref={resumoRef} className="resumo-erros">
        {erros.length ? (
          <Mensagem tipo="erro">
            <p>
              A configuração não foi salva: {erros.length === 1 ? '1 campo precisa' : `${erros.length} campos precisam`} de correção.
            </p>
            <ul>
              {erros.map((e, i) => (
                <li key={i}>
                  {conhecidos.has(e.campo) || conhecidos.has(e.campo.replace(/\[\d+\]$/, '')) ? (
                    <a
                      href={`#${idDo(e.campo.replace(/\[\d+\]$/, ''))}`}
                      onClick={(ev) => {
                        ev.preventDefault();
                        document.getElementById(idDo(e.campo.replace(/\[\d+\]$/, '')))?.focus();
                      }}
                    >
                      {e.campo}: {e.erro}
                    </a>
                  ) : (
                    <span>
                      {e.campo || 'corpo'}: {e.erro}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </Mensagem>
        ) : null}
        {conflito ? (
          <Mensagem tipo="erro">
            <p>
              <strong>Conflito de edição (CONFLITO_DE_EDICAO):</strong> outra pessoa salvou a versão {conflito.versao}
              {conflito.atualizadoEm ? ` em ${dataHora(conflito.atualizadoEm)}` : ''} depois que você abriu esta tela (versão {config.versao}). Nada
              do que você digitou foi gravado.
            </p>
            <div className="botoes">
              <button type="button" onClick={() => void carregar()}>
                Descartar as minhas alterações e carregar a versão {conflito.versao}
              </button>
              <button type="button" className="perigo" onClick={(e) => pedirSalvar(e, conflito.versao, true)}>
                Salvar as minhas alterações por cima da versão {conflito.versao}
              </button>
            </div>
          </Mensagem>
        ) : null}
        {geral ? <Mensagem tipo="erro">{geral}</Mensagem> : null}
      </div>
      {salvo ? (
        <Mensagem tipo="ok" foco={(el) => (salvoRef.current = el)}>
          {salvo}
        </Mensagem>
      ) : null}

      <form onSubmit={(e) => pedirSalvar(e, config.versao, false)} noValidate aria-label="Configurações fiscais">
        <fieldset disabled={somenteLeitura} className="grupo">
          <legend>Emissão (SEFAZ)</legend>
          <div className="grade">
            {campo('ambiente', 'Ambiente', (a) => (
              <select {...a} {...texto('ambiente')}>
                <option value="HOMOLOGAÇÃO">HOMOLOGAÇÃO (testes)</option>
                <option value="PRODUÇÃO">PRODUÇÃO (documentos reais)</option>
              </select>
            ))}
            {campo('seriePadrao', 'Série padrão', (a) => <input {...a} inputMode="numeric" {...texto('seriePadrao')} />, { largura: 'curta', ajuda: 'De 0 a 999.' })}
            {campo('series', 'Séries em uso', (a) => <input {...a} {...texto('series')} />, { ajuda: 'Separadas por vírgula; incluem a série padrão.' })}
            {campo('timeoutSegundos', 'Timeout (segundos)', (a) => <input {...a} inputMode="numeric" {...texto('timeoutSegundos')} />, { largura: 'curta', ajuda: 'Espera pela resposta da SEFAZ, de 5 a 120.' })}
          </div>
          <label className="opcao">
            <input type="checkbox" id={idDo('emissaoAutomatica')} checked={form.emissaoAutomatica} onChange={(e) => setForm({ ...form, emissaoAutomatica: e.target.checked })} /> Emissão
            automática: a NF-e vai à SEFAZ quando o pedido é faturado
          </label>
          <h3 className="subgrupo">Prazos de cancelamento próprios</h3>
          <p className="ajuda-grupo">Em branco: o prazo legal. Nenhum pode passar do máximo legal.</p>
          <div className="grade">
            {campo('prazosCancelamento.nfeHoras', 'NF-e (horas)', (a) => <input {...a} inputMode="numeric" {...texto('prazosCancelamento.nfeHoras')} />, { largura: 'curta', ajuda: 'De 1 a 24.' })}
            {campo('prazosCancelamento.nfceMinutos', 'NFC-e (minutos)', (a) => <input {...a} inputMode="numeric" {...texto('prazosCancelamento.nfceMinutos')} />, { largura: 'curta', ajuda: 'De 1 a 30.' })}
            {campo('prazosCancelamento.cteHoras', 'CT-e (horas)', (a) => <input {...a} inputMode="numeric" {...texto('prazosCancelamento.cteHoras')} />, { largura: 'curta', ajuda: 'De 1 a 168; padrão 24.' })}
            {campo('prazosCancelamento.nfseDias', 'NFS-e (dias)', (a) => <input {...a} inputMode="numeric" {...texto('prazosCancelamento.nfseDias')} />, { largura: 'curta', ajuda: 'Em branco: até o fim do mês de competência.' })}
          </div>
        </fieldset>

        <fieldset disabled={somenteLeitura} className="grupo">
          <legend>Empresa emitente</legend>
          <div className="grade">
            {campo('empresa.cnpj', 'CNPJ', (a) => <input {...a} {...texto('empresa.cnpj')} autoComplete="off" />, { ajuda: 'Com ou sem pontuação; aceita o CNPJ alfanumérico.' })}
            {campo('empresa.razaoSocial', 'Razão social', (a) => <input {...a} {...texto('empresa.razaoSocial')} />, { largura: 'longa' })}
            {campo('empresa.inscricaoEstadual', 'Inscrição estadual', (a) => <input {...a} {...texto('empresa.inscricaoEstadual')} />, { ajuda: 'Dígitos, ou ISENTO.' })}
            {campo('empresa.uf', 'UF', (a) => (
              <select {...a} {...texto('empresa.uf')}>
                <option value="">—</option>
                {UFS.map((uf) => (
                  <option key={uf}>{uf}</option>
                ))}
              </select>
            ), { largura: 'curta' })}
            {campo('empresa.codigoMunicipio', 'Município (código IBGE)', (a) => <input {...a} inputMode="numeric" {...texto('empresa.codigoMunicipio')} />, { ajuda: '7 dígitos.' })}
            {campo('empresa.regimeTributario', 'Regime tributário', (a) => (
              <select {...a} {...texto('empresa.regimeTributario')}>
                <option value="">—</option>
                <option value="SIMPLES_NACIONAL">Simples Nacional</option>
                <option value="LUCRO_PRESUMIDO">Lucro Presumido</option>
                <option value="LUCRO_REAL">Lucro Real</option>
              </select>
            ))}
            {campo('empresa.aliquotaDas', 'Alíquota efetiva do DAS (%)', (a) => <input {...a} inputMode="decimal" {...texto('empresa.aliquotaDas')} />, { largura: 'curta', ajuda: 'Só no Simples Nacional; padrão 6.' })}
          </div>
          <h3 className="subgrupo">Endereço (obrigatório para transmitir à SEFAZ)</h3>
          <div className="grade">
            {campo('empresa.endereco.logradouro', 'Logradouro', (a) => <input {...a} {...texto('empresa.endereco.logradouro')} />, { largura: 'longa' })}
            {campo('empresa.endereco.numero', 'Número', (a) => <input {...a} {...texto('empresa.endereco.numero')} />, { largura: 'curta' })}
            {campo('empresa.endereco.complemento', 'Complemento', (a) => <input {...a} {...texto('empresa.endereco.complemento')} />)}
            {campo('empresa.endereco.bairro', 'Bairro', (a) => <input {...a} {...texto('empresa.endereco.bairro')} />)}
            {campo('empresa.endereco.municipio', 'Município (nome)', (a) => <input {...a} {...texto('empresa.endereco.municipio')} />)}
            {campo('empresa.endereco.cep', 'CEP', (a) => <input {...a} inputMode="numeric" {...texto('empresa.endereco.cep')} />, { largura: 'curta', ajuda: '8 dígitos.' })}
            {campo('empresa.endereco.telefone', 'Telefone', (a) => <input {...a} inputMode="tel" {...texto('empresa.endereco.telefone')} />, { ajuda: 'De 6 a 14 dígitos.' })}
          </div>
          <h3 className="subgrupo">Vencimentos próprios</h3>
          <p className="ajuda-grupo">
            Em branco: ICMS no dia 10 e ISS no dia 15 do mês seguinte, prorrogados para o próximo dia útil; CBS, IBS e IS sem vencimento (não viram título a pagar). Usados na simulação de impostos.
          </p>
          <div className="grade">
            {VENCIMENTOS.map((tributo) => (
              <div key={tributo} className="grade">
                {campo(`vencimentos.${tributo}.dia`, `${tributo.toUpperCase()}: dia`, (a) => <input {...a} inputMode="numeric" {...texto(`vencimentos.${tributo}.dia`)} />, { largura: 'curta', ajuda: 'De 1 a 31.' })}
                {campo(`vencimentos.${tributo}.ajuste`, `${tributo.toUpperCase()}: em dia não útil`, (a) => (
                  <select {...a} {...texto(`vencimentos.${tributo}.ajuste`)}>
                    <option value="PRORROGAR">prorrogar (próximo dia útil)</option>
                    <option value="ANTECIPAR">antecipar (dia útil anterior)</option>
                  </select>
                ))}
              </div>
            ))}
          </div>
        </fieldset>

        <fieldset disabled={somenteLeitura} className="grupo">
          <legend>Certificado A1</legend>
          {cert ? (
            <div className={`certificado${cert.aviso || cert.diasParaExpirar <= 30 ? ' certificado-alerta' : ''}`} aria-labelledby="cert-titulo">
              <h3 id="cert-titulo">Certificado guardado</h3>
              <dl className="pares">
                <dt>Titular</dt>
                <dd>{cert.titular}</dd>
                <dt>CNPJ</dt>
                <dd>{cert.cnpj}</dd>
                <dt>Emissor</dt>
                <dd>{cert.emissor}</dd>
                <dt>Número de série</dt>
                <dd>
                  <code>{cert.numeroSerie}</code>
                </dd>
                <dt>Validade</dt>
                <dd>
                  de {dataHora(cert.validoDe)} até {dataHora(cert.validoAte)} ({cert.diasParaExpirar >= 0 ? `${cert.diasParaExpirar} dias restantes` : 'expirado'})
                </dd>
                <dt>Senha do arquivo</dt>
                <dd aria-label="guardada, oculta">{cert.senha}</dd>
              </dl>
              {cert.aviso ? (
                <p className="alerta" role="note">
                  {cert.aviso}
                </p>
              ) : null}
              <label className="opcao">
                <input type="checkbox" checked={form.removerCertificado} onChange={(e) => setForm({ ...form, removerCertificado: e.target.checked })} /> Remover o certificado
                guardado ao salvar
              </label>
            </div>
          ) : (
            <p>Nenhum certificado guardado.</p>
          )}
          <div className="grade">
            <Campo id={idDo('certificadoA1.arquivoBase64')} rotulo={cert ? 'Substituir por outro arquivo .pfx' : 'Arquivo .pfx'} erro={erroDe('certificadoA1.arquivoBase64') ?? erroDe('certificadoA1')} ajuda="Certificado A1 (PKCS#12), até 64 KiB. É guardado criptografado." largura="longa">
              {(a) => (
                <input
                  {...a}
                  required={false}
                  ref={arquivoRef}
                  type="file"
                  accept=".pfx,.p12,application/x-pkcs12"
                  onChange={(e) => {
                    const arquivo = e.target.files?.[0];
                    // Only the last file picked counts: an earlier read that ends later is dropped.
                    const esta = ++leitura.current;
                    setErros((lista) => lista.filter((l) => l.campo !== 'certificadoA1.arquivoBase64'));
                    setForm((f) => (f ? { ...f, certArquivo: null } : f));
                    if (!arquivo) return setLendoCertificado(false);
                    setLendoCertificado(true);
                    lerArquivo(arquivo)
                      .then((base64) => esta === leitura.current && setForm((f) => (f ? { ...f, certArquivo: { nome: arquivo.name, base64 } } : f)))
                      .catch((erro: unknown) => esta === leitura.current && setErros([{ campo: 'certificadoA1.arquivoBase64', regra: 'leitura', erro: `Não foi possível ler o arquivo: ${mensagemDeErro(erro)}` }]))
                      .finally(() => esta === leitura.current && setLendoCertificado(false));
                  }}
                />
              )}
            </Campo>
            <Campo id={idDo('certificadoA1.senha')} rotulo="Senha do arquivo .pfx" erro={erroDe('certificadoA1.senha')} ajuda="Só com um arquivo novo. Nunca é mostrada depois de salva." largura="media">
              {(a) => (
                <input {...a} required={false} type="password" autoComplete="new-password" value={form.certSenha} onChange={(e) => setForm({ ...form, certSenha: e.target.value })} />
              )}
            </Campo>
          </div>
        </fieldset>

        <fieldset disabled={somenteLeitura} className="grupo">
          <legend>NFS-e (prefeitura)</legend>
          <div className="grade">
            {campo('nfse.provedor', 'Provedor', (a) => <input {...a} {...texto('nfse.provedor')} />)}
            {campo('nfse.endpoint', 'Endpoint (URL do web service)', (a) => <input {...a} type="url" {...texto('nfse.endpoint')} />, { largura: 'longa', ajuda: 'https obrigatório em PRODUÇÃO.' })}
            {campo('nfse.codigoCidade', 'Código da cidade (IBGE)', (a) => <input {...a} inputMode="numeric" {...texto('nfse.codigoCidade')} />, { ajuda: '7 dígitos.' })}
            {campo('nfse.inscricaoMunicipal', 'Inscrição municipal', (a) => <input {...a} {...texto('nfse.inscricaoMunicipal')} />)}
            {campo('nfse.codigoServico', 'Código de serviço (LC 116/2003)', (a) => <input {...a} {...texto('nfse.codigoServico')} />, {
              ajuda: config.nfse.descricaoServico ? `Atual: ${config.nfse.descricaoServico}` : 'Item NN.NN (ex.: 01.07) ou código nacional de 6 dígitos.',
            })}
            {campo('nfse.codigoServicoNacional', 'Código nacional (cTribNac)', (a) => <input {...a} inputMode="numeric" {...texto('nfse.codigoServicoNacional')} />, { ajuda: 'Vazio: derivado do item.' })}
            {campo('nfse.usuario', 'Usuário do web service', (a) => <input {...a} autoComplete="off" {...texto('nfse.usuario')} />)}
            <Campo
              id={idDo('nfse.senha')}
              rotulo="Senha do web service"
              erro={erroDe('nfse.senha')}
              ajuda={config.nfse.senha ? 'Há uma senha guardada (oculta). Deixe em branco para mantê-la.' : 'Nenhuma senha guardada.'}
            >
              {(a) => (
                <input
                  {...a}
                  required={false}
                  type="password"
                  autoComplete="new-password"
                  placeholder={config.nfse.senha ? '•••••••• (guardada)' : ''}
                  value={form.nfseSenha}
                  disabled={form.removerNfseSenha}
                  onChange={(e) => setForm({ ...form, nfseSenha: e.target.value })}
                />
              )}
            </Campo>
          </div>
          {config.nfse.senha ? (
            <label className="opcao">
              <input type="checkbox" checked={form.removerNfseSenha} onChange={(e) => setForm({ ...form, removerNfseSenha: e.target.checked, nfseSenha: '' })} /> Remover a
              senha guardada ao salvar
            </label>
          ) : null}
        </fieldset>
        {somenteLeitura ? null : (
          <div className="botoes">
            <button type="submit" className="primario" disabled={salvando || lendoCertificado}>
              {salvando ? 'Salvando…' : lendoCertificado ? 'Lendo o certificado…' : 'Salvar configurações'}
            </button>
            <button type="button" onClick={() => void carregar()}>
              Desfazer alterações
            </button>
          </div>
        )}
      </form>
      <Confirmacao pedido={pedido} aoFechar={() => setPedido(null)} />
    </section>
  );
}
