import type { DirectoryErrorCodes, TokenAdminErrorCodes } from '@erp/contracts';

type ValueOf<T> = T[keyof T];
export type RefusalCode = ValueOf<typeof TokenAdminErrorCodes> | ValueOf<typeof DirectoryErrorCodes>;

/** A rule said no. Carries the stable code the client branches on; the GraphQL layer turns it into an error. */
export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
