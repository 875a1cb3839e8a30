/**
 * Which servers the service runs on: those that run multi-document transactions, a replica set
 * member or a mongos (DocumentDB's gateway answers as a mongos). A standalone mongod and FerretDB
 * are refused at start-up, in one line that says what to run instead (docs/storage.md#engines).
 */

/** What the server answered to `buildInfo` and to `hello`. */
export interface ServerAnswers {
  buildInfo: Record<string, unknown>;
  hello: Record<string, unknown>;
}

const RUN_INSTEAD = 'run MongoDB 7+ as a replica set or a sharded cluster, or DocumentDB';

/** Why the server is refused; undefined when it is supported. */
export function unsupportedServer({ buildInfo, hello }: ServerAnswers): string | undefined {
  if (buildInfo.ferretdbVersion !== undefined) {
    return `MONGO_URL names a FerretDB server, which funnel-sync does not run on: ${RUN_INSTEAD}.`;
  }
  if (typeof hello.setName !== 'string' && hello.msg !== 'isdbgrid') {
    return `MONGO_URL names a standalone server, which cannot run multi-document transactions: ${RUN_INSTEAD}.`;
  }
  return undefined;
}
