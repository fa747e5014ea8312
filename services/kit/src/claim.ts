import type { Model, mongo } from 'mongoose';

/** MongoDB's duplicate-key error (E11000), as both MongoDB and FerretDB report it. */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

/**
 * Claim-by-unique-insert: inserts `doc` and says whether this caller won. Of any number of callers racing
 * on the same `_id` (or another unique key), exactly one gets `true`; the others get `false` and the stored
 * document is the winner's, untouched.
 *
 * This is the one concurrency primitive of the platform. FerretDB 1.24, our development store, runs
 * conditional updates, `$inc` and compare-and-swap as read-evaluate-write (several winners, lost
 * increments: docs/ferretdb.md), while an insert under a unique key is exact there and on MongoDB alike.
 * Every "one winner", "gap-free number" and "one event" invariant is built on this.
 */
export async function claimOnce<T extends mongo.Document>(
  target: mongo.Collection<T> | Model<T>,
  doc: mongo.OptionalUnlessRequiredId<T>,
): Promise<boolean> {
  // A model's collection is typed loosely by mongoose; the document was typed by the caller above.
  const collection = 'modelName' in target ? (target.collection as unknown as mongo.Collection<T>) : target;
  try {
    await collection.insertOne(doc);
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}
