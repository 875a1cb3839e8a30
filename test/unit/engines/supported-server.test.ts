/** Which servers a process accepts at start-up, from their `buildInfo` and `hello` answers. */
import { unsupportedServer } from '../../../core/storage/engines/supported-server';

const MONGODB = { version: '8.0.4' };

describe('the server check at start-up', () => {
  it('when the server is a replica set member, then it is accepted', () => {
    expect(unsupportedServer({ buildInfo: MONGODB, hello: { setName: 'rs0' } })).toBeUndefined();
  });

  it("when the server is a mongos (a sharded cluster, DocumentDB's gateway), then it is accepted", () => {
    expect(unsupportedServer({ buildInfo: MONGODB, hello: { msg: 'isdbgrid' } })).toBeUndefined();
  });

  it('when the server is a standalone mongod, then it is refused, in one line that says what to run', () => {
    const refusal = unsupportedServer({ buildInfo: MONGODB, hello: { isWritablePrimary: true } });
    expect(refusal).toMatch(/standalone.*multi-document transactions.*replica set/);
    expect(refusal).not.toContain('\n');
  });

  it('when the server is FerretDB, then it is refused, whatever its hello says', () => {
    const buildInfo = { version: '7.0.42', ferretdbVersion: 'v1.24.0' };
    for (const hello of [{}, { setName: 'rs0' }, { msg: 'isdbgrid' }]) {
      const refusal = unsupportedServer({ buildInfo, hello });
      expect(refusal).toMatch(/FerretDB.*does not run on.*DocumentDB/);
      expect(refusal).not.toContain('\n');
    }
  });
});
