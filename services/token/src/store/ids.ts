import { Types } from 'mongoose';

/** Ids come from clients: anything that is not a 24-hex ObjectId is simply an id that matches nothing. */
export function parseId(id: string): Types.ObjectId | null {
  return /^[0-9a-f]{24}$/i.test(id) ? new Types.ObjectId(id) : null;
}
