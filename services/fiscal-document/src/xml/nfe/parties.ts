import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { dataHoraBrasilia } from '@erp/fiscal-rules';
import { ehConsumidorFinal } from '../../domain/final-consumer';
import { texto } from '../format';
import type { DestinatarioExterior } from '../../domain/emission-input';
import { NOME_HOMOLOGACAO, VERSAO_PROCESSO, type DadosNfe } from './types';

/** `idDest`: 1 internal, 2 interstate, 3 abroad. */
function destinoOperacao(dados: DadosNfe): string {
  const uf = dados.destinatario?.uf;
  if (uf === 'EX') return '3';
  return uf && uf !== dados.emitente.endereco.uf ? '2' : '1';
}


export function escreverIde(inf: XMLBuilder, dados: DadosNfe): void {
  const { chave } = dados;
  const nfce = dados.modelo === 'NFCE';
  const ide = inf.ele('ide');
  ide.ele('cUF').txt(chave.slice(0, 2));
  ide.ele('cNF').txt(chave.slice(35, 43));
  ide.ele('natOp').txt(texto(dados.naturezaOperacao, 60));
  ide.ele('mod').txt(chave.slice(20, 22));
  ide.ele('serie').txt(String(Number(chave.slice(22, 25))));
  ide.ele('nNF').txt(String(Number(chave.slice(25, 34))));
  ide.ele('dhEmi').txt(dataHoraBrasilia(dados.emitidoEm));
  ide.ele('tpNF').txt('1');
  ide.ele('idDest').txt(nfce ? '1' : destinoOperacao(dados));
  ide.ele('cMunFG').txt(dados.emitente.endereco.codigoMunicipio);
  ide.ele('tpImp').txt(nfce ? '4' : '1');
  ide.ele('tpEmis').txt(chave.slice(34, 35));
  ide.ele('cDV').txt(chave.slice(43));
  ide.ele('tpAmb').txt(dados.ambiente === 'HOMOLOGAÇÃO' ? '2' : '1');
  ide.ele('finNFe').txt('1');
  ide.ele('indFinal').txt(ehConsumidorFinal(dados.modelo, dados.destinatario) ? '1' : '0');
  ide.ele('indPres').txt(nfce ? '1' : '9');
  ide.ele('indIntermed').txt('0');
  ide.ele('procEmi').txt('0');
  ide.ele('verProc').txt(VERSAO_PROCESSO);
  if (dados.chaveCteReferenciada) ide.ele('NFref').ele('refCTe').txt(dados.chaveCteReferenciada);
}

export function escreverEmitente(inf: XMLBuilder, dados: DadosNfe): void {
  const { emitente } = dados;
  const emit = inf.ele('emit');
  emit.ele('CNPJ').txt(emitente.cnpj);
  emit.ele('xNome').txt(texto(emitente.razaoSocial, 60));
  const end = emit.ele('enderEmit');
  end.ele('xLgr').txt(texto(emitente.endereco.logradouro, 60));
  end.ele('nro').txt(texto(emitente.endereco.numero, 60));
  if (emitente.endereco.complemento) end.ele('xCpl').txt(texto(emitente.endereco.complemento, 60));
  end.ele('xBairro').txt(texto(emitente.endereco.bairro, 60));
  end.ele('cMun').txt(emitente.endereco.codigoMunicipio);
  end.ele('xMun').txt(texto(emitente.endereco.municipio, 60));
  end.ele('UF').txt(emitente.endereco.uf);
  end.ele('CEP').txt(emitente.endereco.cep);
  end.ele('cPais').txt('1058');
  end.ele('xPais').txt('Brasil');
  if (emitente.endereco.telefone) end.ele('fone').txt(emitente.endereco.telefone);
  emit.ele('IE').txt(emitente.inscricaoEstadual);
  emit.ele('CRT').txt(emitente.crt);
}

export function escreverDestinatario(inf: XMLBuilder, dados: DadosNfe): void {
  const destinatario = dados.destinatario;
  if (!destinatario) return;
  const nfce = dados.modelo === 'NFCE';
  const dest = inf.ele('dest');
  // Abroad: idEstrangeiro, empty when the recipient has no document (the schema allows it).
  if (destinatario.tipoDocumento === 'ESTRANGEIRO') dest.ele('idEstrangeiro').txt(destinatario.documento);
  else dest.ele(destinatario.tipoDocumento).txt(destinatario.documento);
  const nome = dados.ambiente === 'HOMOLOGAÇÃO' ? NOME_HOMOLOGACAO : destinatario.nome;
  if (nome) dest.ele('xNome').txt(texto(nome, 60));
  if (destinatario.exterior) escreverEnderecoExterior(dest, destinatario.exterior);
  const endereco = destinatario.endereco;
  // The input checks that an address comes with the UF and the city's code (domain/emission-input).
  if (endereco && destinatario.uf && destinatario.codigoMunicipio) {
    const ender = dest.ele('enderDest');
    ender.ele('xLgr').txt(texto(endereco.logradouro, 60));
    ender.ele('nro').txt(texto(endereco.numero, 60));
    if (endereco.complemento) ender.ele('xCpl').txt(texto(endereco.complemento, 60));
    ender.ele('xBairro').txt(texto(endereco.bairro, 60));
    ender.ele('cMun').txt(destinatario.codigoMunicipio);
    ender.ele('xMun').txt(texto(endereco.municipio, 60));
    ender.ele('UF').txt(destinatario.uf);
    ender.ele('CEP').txt(endereco.cep);
    ender.ele('cPais').txt('1058');
    ender.ele('xPais').txt('Brasil');
    if (endereco.telefone) ender.ele('fone').txt(endereco.telefone);
  }
  const ie = destinatario.inscricaoEstadual;
  // 1 taxpayer with IE, 2 exempt taxpayer, 9 not a taxpayer (always 9 on an NFC-e).
  dest.ele('indIEDest').txt(nfce || !ie ? '9' : ie === 'ISENTO' ? '2' : '1');
  if (!nfce && ie && ie !== 'ISENTO') dest.ele('IE').txt(ie);
}

/**
 * `enderDest` of a recipient abroad (MOC, TEndereco): cMun 9999999, xMun EXTERIOR, UF EX, no CEP, the country's BACEN
 * code and name; the city abroad, which the layout has no field for, goes into xCpl after the complement.
 */
function escreverEnderecoExterior(dest: XMLBuilder, e: DestinatarioExterior): void {
  const ender = dest.ele('enderDest');
  ender.ele('xLgr').txt(texto(e.logradouro, 60));
  ender.ele('nro').txt(texto(e.numero, 60));
  ender.ele('xCpl').txt(texto([e.complemento, e.cidade].filter(Boolean).join(' - '), 60));
  ender.ele('xBairro').txt(texto(e.bairro ?? 'EXTERIOR', 60));
  ender.ele('cMun').txt('9999999');
  ender.ele('xMun').txt('EXTERIOR');
  ender.ele('UF').txt('EX');
  ender.ele('cPais').txt(e.codigoPais);
  ender.ele('xPais').txt(texto(e.nomePais, 60));
}

/** `exporta` (after infAdic): where the goods leave the country and, when given, where they are cleared. */
export function escreverExportacao(inf: XMLBuilder, dados: DadosNfe): void {
  const e = dados.exportacao;
  if (!e) return;
  const grupo = inf.ele('exporta');
  grupo.ele('UFSaidaPais').txt(e.ufSaidaPais);
  grupo.ele('xLocExporta').txt(texto(e.localExportacao, 60));
  if (e.localDespacho) grupo.ele('xLocDespacho').txt(texto(e.localDespacho, 60));
}
