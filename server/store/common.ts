// Small pieces both adapters share, so that they translate the port the same way.
import { ObjectId } from 'mongodb';
import { DELETED_STATUS } from './port.ts';
import type { Filter, Update } from './port.ts';

/** A fresh 24-hex id: both adapters use it so that ids look alike whatever the backend. */
export const newId = (): string => new ObjectId().toHexString();

/** The filter plus "not soft-deleted", unless deleted records were asked for. */
export function visible(filter: Filter, withDeleted = false): Filter {
  if (withDeleted) return filter;
  const notDeleted = { status: { $ne: DELETED_STATUS } };
  // Stay flat when possible: NeDB only picks an index from top-level fields.
  return 'status' in filter ? { $and: [filter, notDeleted] } : { ...filter, ...notDeleted };
}

/** The port's update as MongoDB-style modifiers (both backends speak them), or null when empty. */
export function toModifiers(update: Update): Record<string, Record<string, unknown>> | null {
  const modifiers: Record<string, Record<string, unknown>> = {};
  if (update.set && Object.keys(update.set).length > 0) modifiers.$set = update.set;
  if (update.unset && update.unset.length > 0) {
    modifiers.$unset = Object.fromEntries(update.unset.map((field) => [field, true]));
  }
  if (update.inc && Object.keys(update.inc).length > 0) modifiers.$inc = update.inc;
  return Object.keys(modifiers).length > 0 ? modifiers : null;
}
