/** An export of the target's content type, made and changed through the settings API. */
import type { Target } from './target';

export interface BenchExport {
  setActive(active: boolean): Promise<void>;
  remove(): Promise<void>;
}

export async function createExport(
  target: Target,
  receiverUrl: string,
  batchSize: number,
): Promise<BenchExport> {
  const headers = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' };
  const exports = `${target.baseUrl}/api/v1/settings/exports`;
  const body = { name: 'bench', url: receiverUrl, contentTypes: [target.contentType], batchSize };
  const created = await fetch(exports, { method: 'POST', headers, body: JSON.stringify(body) });
  if (created.status !== 201) throw new Error(`creating the export answered ${created.status}`);
  const url = `${exports}/${((await created.json()) as { id: string }).id}`;
  return {
    async setActive(active) {
      const body = JSON.stringify({ active });
      const answer = await fetch(url, { method: 'PATCH', headers, body });
      if (answer.status !== 200) throw new Error(`pausing the export answered ${answer.status}`);
    },
    async remove() {
      await fetch(url, { method: 'DELETE', headers });
    },
  };
}
