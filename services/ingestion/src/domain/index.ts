/** Public surface of the ingestion domain: pure rules, no I/O. */
export type * from './types';
export { entityDefinitions, findEntity } from './entities';
export { describeEntity } from './describe';
export { parseBatchBody, MAX_LINHAS_POR_REQUISICAO } from './batch-body';
export { validateRow, prepararEntidade } from './validate-row';
export { FORMATOS_DATA } from './dates';
