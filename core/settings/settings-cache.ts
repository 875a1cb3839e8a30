/**
 * The funnel and content type of a request, cached per worker process. Reading them costs two
 * database round trips, a good part of a one-item job's time. An entry
 * serves while the tenant's settings version (core/settings/settings-versions.ts) is the one it
 * was loaded under, and for at most MAX_AGE_MS: the backstop for a change whose stamp did not
 * reach Redis. Only settings that were found are cached; a missing funnel is read again.
 */
import type { SettingsCollections } from './settings-collections';
import { readContentType } from './content-types.repository';
import { readFunnel } from './funnels.repository';
import type { ContentType } from '../domain/content-type';
import type { Funnel } from '../domain/funnel';
import type { SettingsVersions } from './settings-versions';

export type RequestSettings =
  | { found: true; funnel: Funnel; contentType: ContentType }
  | { found: false; missing: 'funnel' }
  | { found: false; missing: 'content type'; funnel: Funnel };

interface Entry {
  version: string | null;
  loadedAt: number;
  settings: RequestSettings & { found: true };
}

export const MAX_AGE_MS = 10_000;
const MAX_ENTRIES = 10_000;

export class SettingsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: SettingsCollections,
    private readonly versions: SettingsVersions,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The settings a request to the funnel `funnelId` at `endpointUrl` runs with, as they are now.
   * Another funnel at that URL (the one sent to was renamed, another took its URL) is not it.
   */
  async find(tenant: string, endpointUrl: string, funnelId: string): Promise<RequestSettings> {
    const settings = await this.atUrl(tenant, endpointUrl);
    if ('funnel' in settings && settings.funnel.id !== funnelId) {
      return { found: false, missing: 'funnel' };
    }
    return settings;
  }

  private async atUrl(tenant: string, endpointUrl: string): Promise<RequestSettings> {
    const key = JSON.stringify([tenant, endpointUrl]);
    const version = await this.versions.current(tenant);
    const cached = this.entries.get(key);
    if (cached && cached.version === version && this.now() - cached.loadedAt < MAX_AGE_MS) {
      return cached.settings;
    }
    const loadedAt = this.now();
    const settings = await this.load(tenant, endpointUrl);
    if (!settings.found) {
      this.entries.delete(key);
      return settings;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { version, loadedAt, settings });
    return settings;
  }

  private async load(tenant: string, endpointUrl: string): Promise<RequestSettings> {
    const funnel = await readFunnel(this.db, tenant, endpointUrl);
    if (!funnel) return { found: false, missing: 'funnel' };
    const contentType = await readContentType(this.db, tenant, funnel.contentType);
    if (!contentType) return { found: false, missing: 'content type', funnel };
    return { found: true, funnel, contentType };
  }
}
