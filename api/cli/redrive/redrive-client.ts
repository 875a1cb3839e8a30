/**
 * The re-drive routes of the HTTP API, as the CLI calls them: start one, read one. Answers other
 * than the expected one become CliErrors whose exit code says why (cli-error.ts).
 */
import { CliError, EXIT } from '../cli-error';
import type { ServiceAnswer, ServiceClient } from '../push/send/service-client';

/** What the CLI reads of a re-drive (`GET /funnels/{url}/redrives/{id}`). */
export interface Redrive {
  redriveId: string;
  state: 'queued' | 'running' | 'finished' | 'failed' | 'cancelled';
  dryRun: boolean;
  total: number;
  sent: number;
  succeeded: number;
  partial: number;
  failed: number;
  skipped: number;
  skippedBy: { 'not-kept': number; gone: number };
  message: string | null;
  records: string;
}

export interface RedriveAsked {
  since?: string;
  until?: string;
  syncId?: string;
  dryRun: boolean;
}

const EXIT_OF: Record<number, number> = {
  400: EXIT.badInput,
  404: EXIT.notFound,
  409: EXIT.conflict,
  422: EXIT.badInput,
};

function refusal(answer: ServiceAnswer): CliError {
  const body = answer.body as { message?: unknown; errors?: Record<string, string> } | undefined;
  const fields = Object.entries(body?.errors ?? {}).map(([field, text]) => `${field} ${text}`);
  const message = [typeof body?.message === 'string' ? body.message : '', ...fields]
    .filter(Boolean)
    .join('; ');
  const exitCode =
    EXIT_OF[answer.status] ?? (answer.status >= 500 ? EXIT.unavailable : EXIT.failed);
  return new CliError(exitCode, `HTTP ${answer.status}: ${message || 'refused'}`);
}

export class RedriveClient {
  constructor(
    private readonly client: ServiceClient,
    private readonly funnel: string,
  ) {}

  private get path(): string {
    return `api/v1/funnels/${encodeURIComponent(this.funnel)}/redrives`;
  }

  async start(asked: RedriveAsked): Promise<Redrive> {
    const answer = await this.client.call({
      method: 'POST',
      path: this.path,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(asked),
    });
    if (answer.status !== 202) throw refusal(answer);
    return answer.body as Redrive;
  }

  async read(redriveId: string): Promise<Redrive> {
    const answer = await this.client.call({
      method: 'GET',
      path: `${this.path}/${encodeURIComponent(redriveId)}`,
    });
    if (answer.status !== 200) throw refusal(answer);
    return answer.body as Redrive;
  }
}
