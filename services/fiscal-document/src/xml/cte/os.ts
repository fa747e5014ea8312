import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { dataHoraBrasilia } from '@erp/fiscal-rules';
import { dec2, decN, texto } from '../format';
import { escreverEmitente, escreverParte } from './index';
import { escreverImpostosCte } from './taxes';
import { NOME_HOMOLOGACAO_CTE, NS_CTE, VERSAO_PROCESSO_CTE, type DadosXmlCteOs } from './types';

/** rodoOS/infFretamento/tpFretamento. */
const FRETAMENTO = { EVENTUAL: '1', CONTINUO: '2' } as const;

/**
 * The CT-e OS 4.00 XML (model 67, passenger transport, rodoviário; PL_CTe_400_RTC), in the order of cteOS_v4.00.xsd /
 * TCTeOS: ide (tpServ 6, no toma3: the taker is its own group), emit, toma (the recipient, with enderToma), vPrest,
 * imp (the model 57's groups: TImpOS has them), infCTeNorm (infServico, the rodoOS modal), then infCTeSupl with the
 * QR code. Pure; unsigned (the Signature follows infCTeSupl).
 */
export function montarCteOs(d: DadosXmlCteOs, opcoes: { indentado?: boolean } = {}): string {
  const doc = create().ele(NS_CTE, 'CTeOS', { versao: '4.00' });
  const inf = doc.ele('infCte', { versao: '4.00', Id: `CTe${d.chave}` });
  escreverIde(inf, d);
  escreverEmitente(inf, d);
  const dest = d.destinatario;
  escreverParte(inf, 'toma', 'enderToma', {
    documento: dest.documento,
    tipoDocumento: dest.tipoDocumento as 'CNPJ' | 'CPF',
    nome: d.ambiente === 'HOMOLOGAÇÃO' ? NOME_HOMOLOGACAO_CTE : (dest.nome ?? ''),
    inscricaoEstadual: dest.inscricaoEstadual,
    uf: dest.uf!,
    codigoMunicipio: dest.codigoMunicipio!,
    endereco: dest.endereco!,
  });

  const vPrest = inf.ele('vPrest');
  vPrest.ele('vTPrest').txt(dec2(d.valorPrestacaoCentavos));
  vPrest.ele('vRec').txt(dec2(d.valorPrestacaoCentavos));
  for (const c of d.componentes) vPrest.ele('Comp').ele('xNome').txt(texto(c.nome, 15)).up().ele('vComp').txt(dec2(c.valorCentavos));
  escreverImpostosCte(inf, d);

  const os = d.cteOs;
  const norm = inf.ele('infCTeNorm');
  const servico = norm.ele('infServico');
  servico.ele('xDescServ').txt(texto(os.descricaoServico, 30));
  if (os.quantidadePassageiros !== null) servico.ele('infQ').ele('qCarga').txt(decN(os.quantidadePassageiros, 4));
  const rodo = norm.ele('infModal', { versaoModal: '4.00' }).ele('rodoOS');
  if (os.taf) rodo.ele('TAF').txt(os.taf);
  else rodo.ele('NroRegEstadual').txt(os.registroEstadual ?? '');
  if (os.placa) {
    const veic = rodo.ele('veic').ele('placa').txt(os.placa).up();
    if (os.ufVeiculo) veic.ele('UF').txt(os.ufVeiculo);
  }
  if (os.fretamento) rodo.ele('infFretamento').ele('tpFretamento').txt(FRETAMENTO[os.fretamento]);

  doc.ele('infCTeSupl').ele('qrCodCTe').dat(d.qrCode);
  return doc.end({ headless: true, prettyPrint: opcoes.indentado ?? false });
}

function escreverIde(inf: XMLBuilder, d: DadosXmlCteOs): void {
  const { chave, cteOs, emitente } = d;
  const ide = inf.ele('ide');
  ide.ele('cUF').txt(chave.slice(0, 2));
  ide.ele('cCT').txt(chave.slice(35, 43));
  ide.ele('CFOP').txt(cteOs.cfop);
  ide.ele('natOp').txt('PRESTACAO DE SERVICO DE TRANSPORTE DE PESSOAS');
  ide.ele('mod').txt(chave.slice(20, 22));
  ide.ele('serie').txt(String(Number(chave.slice(22, 25))));
  ide.ele('nCT').txt(String(Number(chave.slice(25, 34))));
  ide.ele('dhEmi').txt(dataHoraBrasilia(d.emitidoEm));
  ide.ele('tpImp').txt('1');
  ide.ele('tpEmis').txt(chave.slice(34, 35));
  ide.ele('cDV').txt(chave.slice(43));
  ide.ele('tpAmb').txt(d.ambiente === 'HOMOLOGAÇÃO' ? '2' : '1');
  ide.ele('tpCTe').txt('0');
  ide.ele('procEmi').txt('0');
  ide.ele('verProc').txt(VERSAO_PROCESSO_CTE);
  ide.ele('cMunEnv').txt(emitente.endereco.codigoMunicipio);
  ide.ele('xMunEnv').txt(texto(emitente.endereco.municipio, 60));
  ide.ele('UFEnv').txt(emitente.endereco.uf);
  ide.ele('modal').txt('01');
  // tpServ 6: transporte de pessoas.
  ide.ele('tpServ').txt('6');
  const ie = d.destinatario.inscricaoEstadual;
  ide.ele('indIEToma').txt(!ie ? '9' : ie === 'ISENTO' ? '2' : '1');
  ide.ele('cMunIni').txt(cteOs.inicio.codigoMunicipio);
  ide.ele('xMunIni').txt(texto(cteOs.inicio.municipio, 60));
  ide.ele('UFIni').txt(cteOs.inicio.uf);
  ide.ele('cMunFim').txt(cteOs.fim.codigoMunicipio);
  ide.ele('xMunFim').txt(texto(cteOs.fim.municipio, 60));
  ide.ele('UFFim').txt(cteOs.fim.uf);
}
