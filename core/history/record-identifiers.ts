/**
 * The identifiers a request named, as its history record keeps them for finding the requests
 * that named an item: those sent and those lazy comparison wrote to, the deleted and the not
 * found, and the failed items keyed by identifier. An error keyed by position (`[3]`) or about
 * the whole request (`_request`) names no item.
 */
import type { ResolvedIdentifier } from '../domain/resolved-identifier';

export interface NamingOutcome {
  successIds: readonly string[];
  deletedIds: readonly string[];
  notFoundIds: readonly string[];
  resolved: readonly ResolvedIdentifier[];
  errors: readonly { key: string }[];
}

const NOT_AN_ITEM = /^(\[\d+\]|_request)$/;

/** Each identifier once, in the order first named. */
export function identifiersNamed(outcome: NamingOutcome): string[] {
  const named = new Set<string>();
  for (const id of outcome.successIds) named.add(id);
  for (const { writtenTo } of outcome.resolved) named.add(writtenTo);
  for (const id of outcome.deletedIds) named.add(id);
  for (const id of outcome.notFoundIds) named.add(id);
  for (const { key } of outcome.errors) if (!NOT_AN_ITEM.test(key)) named.add(key);
  return [...named];
}
