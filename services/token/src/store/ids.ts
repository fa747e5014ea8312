import { Types } from 'mongoose';

/** Ids come from clients: anything that is not a 24-hex ObjectId is simply an id that matches nothing. */
export function parseId(id: string): Types.ObjectId | null {
  return /^[0-9a-f]{24}$/i.test(id) ? new Types.ObjectId(id) : null;
}

/** Unique-index violation, as MongoDB and FerretDB both report it. */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
