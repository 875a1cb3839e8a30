/**
 * The re-drive routes of the HTTP API, as the command calls them: start one, read one. Answers
 * other than the expected one become RedriveExits whose status says why.
 */
import type { components } from '../service/openapi-paths';
import type { ServiceAnswer, ServiceClient } from '../push/send/service-client';
import { EXIT_REDRIVE, RedriveExit } from './redrive-exit';

export type Redrive = components['schemas']['Redrive'];
export type RedriveAsked = components['schemas']['RedriveRequest'];

const EXIT_OF: Record<number, number> = {
  400: EXIT_REDRIVE.badInput,
  404: EXIT_REDRIVE.notFound,
  409: EXIT_REDRIVE.running,
  422: EXIT_REDRIVE.badInput,
};

function refusal(answer: ServiceAnswer): RedriveExit {
  const body = answer.body as { message?: unknown; errors?: Record<string, string> } | undefined;
  const fields = Object.entries(body?.errors ?? {}).map(([field, text]) => `${field} ${text}`);
  const message = [typeof body?.message === 'string' ? body.message : '', ...fields]
    .filter(Boolean)
    .join('; ');
  const exitCode =
    EXIT_OF[answer.status] ??
    (answer.status >= 500 ? EXIT_REDRIVE.unavailable : EXIT_REDRIVE.failed);
  return new RedriveExit(exitCode, `HTTP ${answer.status}: ${message || 'refused'}`);
}

export class RedriveClient {
  constructor(
    private readonly client: ServiceClient,
    private readonly funnel: string,
  ) {}

  private get label(): string {
    return `/api/v1/funnels/${encodeURIComponent(this.funnel)}/redrives`;
  }

  async start(asked: RedriveAsked): Promise<Redrive> {
    const answer = await this.client.call({
      label: `POST ${this.label}`,
      send: (api) =>
        api.POST('/api/v1/funnels/{endpointUrl}/redrives', {
          params: { path: { endpointUrl: this.funnel } },
          body: asked,
          parseAs: 'text',
        }),
    });
    if (answer.status !== 202) throw refusal(answer);
    return answer.body as Redrive;
  }

  async read(redriveId: string): Promise<Redrive> {
    const answer = await this.client.call({
      label: `GET ${this.label}/${redriveId}`,
      send: (api) =>
        api.GET('/api/v1/funnels/{endpointUrl}/redrives/{redriveId}', {
          params: { path: { endpointUrl: this.funnel, redriveId } },
          parseAs: 'text',
        }),
    });
    if (answer.status !== 200) throw refusal(answer);
    return answer.body as Redrive;
  }
}
