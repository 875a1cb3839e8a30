/**
 * The service's HTTP API as types, from its OpenAPI document: written by `npm run openapi:client`,
 * never by hand; `npm run check` fails when it lags behind the document.
 */
export interface paths {
  '/api/v1/changes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The tenant's changes (every item write or delete that changed something), oldest first. Keep calling with the last `nextCursor` as `after`: no change is ever missed, even while writes run in parallel. `nextCursor` also moves past changes that `contentType` filtered out, so a filtered poll never reads them again.
     *
     *     Access: token ability "read"; no user permission.
     */
    get: {
      parameters: {
        query?: {
          after?: string;
          contentType?: string;
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page (possibly empty: then poll again later with the same cursor) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ChangePage'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description A bad `after`, `contentType` or `limit` */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/content-types/{key}/items': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The items of a content type, in identifier order (byte order of UTF-8).
     *
     *     Access: token ability "read"; no user permission.
     */
    get: {
      parameters: {
        query?: {
          cursor?: string;
          limit?: number;
          /** @description Only the items whose identifier starts with it (compared as stored: case counts) */
          prefix?: string;
        };
        header?: never;
        path: {
          key: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page; pass `nextCursor` as `cursor` for the next */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ItemPage'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No content type with that key in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description A bad `limit` or `prefix`, or a `cursor` this list did not answer; `errors` names each. A cursor goes with the `prefix` it was answered for */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/content-types/{key}/items/{identifier}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The item, its version, and the funnel and recorded request that last wrote it.
     *
     *     Access: token ability "read"; no user permission.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          identifier: string;
          key: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The item */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ItemDetail'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such content type, or no such item in it */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/content-types/{key}/items/{identifier}/changes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The item's newest records in the change log (its versions: created, updated, deleted), newest first; answered whether the item is stored or not. Each update carries what it changed (`diff`): field, label, value before and after, a value over 1 KiB of JSON cut and marked (`beforeCut`, `afterCut`), at most 16 KiB a version (`omitted` counts the fields past it), kept for the history’s retention.
     *
     *     Access: token ability "read"; no user permission.
     */
    get: {
      parameters: {
        query?: {
          limit?: number;
        };
        header?: never;
        path: {
          identifier: string;
          key: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The records */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ItemChanges'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No content type with that key in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description A bad `limit` */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/content-types/{key}/items/{identifier}/requests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The recorded requests to the content type's funnels that named the identifier, newest first, each with what it did to the item; answered whether the item is stored or not, within the history’s retention.
     *
     *     Access: token ability "read", user permission "manage_funnels".
     */
    get: {
      parameters: {
        query?: {
          limit?: number;
        };
        header?: never;
        path: {
          identifier: string;
          key: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The requests */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ItemRequests'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No content type with that key in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description A bad `limit` */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/funnels/{endpointUrl}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description Maps, validates and creates or updates items by identifier. Partial success (a funnel with `partialValidation`) is a 200 with `errors` and `data.successIds`.
     *
     *     Access: token ability "create", user permission "manage_funnels".
     */
    post: {
      parameters: {
        query?: {
          /** @description `true`: validate everything, lookups included, and write nothing */
          dryRun?: 'true' | 'false';
          /** @description The full sync the request is part of: it names what it writes to the sync. Refused before it is queued when the sync is unknown (404), committed (409) or expired (410) */
          sync?: string;
        };
        header?: {
          /** @description A repeat with the same key and body within 24 hours gets the first answer again (`Idempotent-Replayed: true`); the same key with another body is a 422 */
          'Idempotency-Key'?: string;
          /** @description `respond-async`: answer 202 at once; the history record tells the outcome */
          Prefer?: string;
        };
        path: {
          endpointUrl: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json':
            | {
                [key: string]: unknown;
              }
            | {
                [key: string]: unknown;
              }[];
        };
      };
      responses: {
        /** @description Every item imported, or a partial success */
        200: {
          headers: {
            /** @description `true` when this is the first answer to an earlier request */
            'Idempotent-Replayed'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Envelope'];
          };
        };
        /** @description Accepted (`Prefer: respond-async`); `Location` names the history record */
        202: {
          headers: {
            /** @description The history record of the request */
            Location?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              data?: {
                deletedIds?: string[];
                notFoundIds?: string[];
                requestId?: string;
                successIds?: string[];
              };
              message: string;
              /** @enum {string} */
              status: 'success' | 'error';
            };
          };
        };
        /** @description Not JSON, nested too deep, not the shape asked for, or a bad `Idempotency-Key`; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No funnel with that endpoint URL in the tenant, or no such `sync` of it */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The `sync` is committed, or being committed */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The `sync` expired uncommitted */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is over `MAX_BODY_BYTES`, or has more than `MAX_ITEMS` items */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Validation failed: `errors` by item (identifier, `[i]` or `_request`, as for an inactive funnel or one without an identifier mapping) and field label; or the `Idempotency-Key` was used with another body */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Envelope'];
          };
        };
        /** @description Over the token's rate limit */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not finished within `WAIT_TIMEOUT_MS`; it goes on, and `data.requestId` names its history record */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              data?: {
                deletedIds?: string[];
                notFoundIds?: string[];
                requestId?: string;
                successIds?: string[];
              };
              message: string;
              /** @enum {string} */
              status: 'success' | 'error';
            };
          };
        };
      };
    };
    /**
     * @description Deletes items by identifier, through the funnel's identifier transforms and lazy comparison. An identifier that matches nothing is no error: it is in `data.notFoundIds`.
     *
     *     Access: token ability "delete", user permission "manage_funnels".
     */
    delete: {
      parameters: {
        query?: {
          /** @description `true`: validate everything, lookups included, and write nothing */
          dryRun?: 'true' | 'false';
          /** @description The full sync the request is part of: it names what it writes to the sync. Refused before it is queued when the sync is unknown (404), committed (409) or expired (410) */
          sync?: string;
        };
        header?: {
          /** @description A repeat with the same key and body within 24 hours gets the first answer again (`Idempotent-Replayed: true`); the same key with another body is a 422 */
          'Idempotency-Key'?: string;
          /** @description `respond-async`: answer 202 at once; the history record tells the outcome */
          Prefer?: string;
        };
        path: {
          endpointUrl: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json':
            | {
                identifiers: (string | number)[];
              }
            | {
                identifiers: (string | number)[];
              }[];
        };
      };
      responses: {
        /** @description Done: `data.deletedIds` and `data.notFoundIds` */
        200: {
          headers: {
            /** @description `true` when this is the first answer to an earlier request */
            'Idempotent-Replayed'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Envelope'];
          };
        };
        /** @description Accepted (`Prefer: respond-async`); `Location` names the history record */
        202: {
          headers: {
            /** @description The history record of the request */
            Location?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              data?: {
                deletedIds?: string[];
                notFoundIds?: string[];
                requestId?: string;
                successIds?: string[];
              };
              message: string;
              /** @enum {string} */
              status: 'success' | 'error';
            };
          };
        };
        /** @description Not JSON, nested too deep, not the shape asked for, or a bad `Idempotency-Key`; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No funnel with that endpoint URL in the tenant, or no such `sync` of it */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The `sync` is committed, or being committed */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The `sync` expired uncommitted */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is over `MAX_BODY_BYTES`, or has more than `MAX_ITEMS` items */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Validation failed: `errors` by item (identifier, `[i]` or `_request`, as for an inactive funnel or one without an identifier mapping) and field label; or the `Idempotency-Key` was used with another body */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Envelope'];
          };
        };
        /** @description Over the token's rate limit */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not finished within `WAIT_TIMEOUT_MS`; it goes on, and `data.requestId` names its history record */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              data?: {
                deletedIds?: string[];
                notFoundIds?: string[];
                requestId?: string;
                successIds?: string[];
              };
              message: string;
              /** @enum {string} */
              status: 'success' | 'error';
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/funnels/{endpointUrl}/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description Newest first. Entries leave out `payload`; read one record for it. Filters compose with `cursor`: pass the same filters with it.
     *
     *     Access: token ability "read", user permission "manage_funnels".
     */
    get: {
      parameters: {
        query?: {
          cursor?: string;
          /** @description `true`: only the dry runs; `false`: only the real requests; absent: both */
          dryRun?: 'true' | 'false';
          /** @description Received at or after (inclusive) */
          from?: string;
          /** @description The requests that named this item identifier, whatever they did to it */
          identifier?: string;
          limit?: number;
          /** @description The requests a re-drive sent (`GET /funnels/{endpointUrl}/redrives/{redriveId}`) */
          redriveId?: string;
          /** @description Sent with this X-Request-Id */
          requestId?: string;
          status?: 'success' | 'partial' | 'error' | 'queued' | 'processing';
          /** @description A full sync's requests and its commits */
          sync?: string;
          /** @description Received before (exclusive) */
          to?: string;
        };
        header?: never;
        path: {
          endpointUrl: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page; pass `nextCursor` as `cursor` for the next */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['HistoryPage'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No funnel with that endpoint URL in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description A bad query parameter, `to` not after `from`, or a `cursor` this list did not answer; `errors` names each */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/funnels/{endpointUrl}/history/{requestId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Access: token ability "read", user permission "manage_funnels". */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          endpointUrl: string;
          requestId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The record */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['HistoryRecord'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such funnel, or no such request to it */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/funnels/{endpointUrl}/history/{requestId}/payload': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The recorded request's body, byte for byte as it was received, whatever its size, as `application/octet-stream` (a recorded body may be empty or malformed) named `<record id>.json` or `.ndjson` after the format it was sent in: gzip-encoded (`Content-Encoding: gzip`) when the request accepts gzip, as the history stores it; else decompressed. `requestId` is a record id or an X-Request-Id (its newest request).
     *
     *     Access: token ability "read", user permission "manage_funnels".
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          endpointUrl: string;
          requestId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The body; `Content-Encoding: gzip` when accepted */
        200: {
          headers: {
            /** @description `gzip` when the request accepts it */
            'Content-Encoding'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/octet-stream': string;
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such funnel, no such request to it, or a request whose body was not kept whole (its record has a preview only) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body was kept, and pruned since (`HISTORY_PAYLOAD_DAYS`) */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/funnels/{endpointUrl}/history/{requestId}/rejected': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The items of a recorded POST that failed, as NDJSON named `<record id>-rejected.ndjson`: one line per failed item, in the order sent, the item as the sender wrote it with `"_rejected": {"key", "position", "errors"}` added (`errors`: field label -> message). Fixed, the file is a valid body for the funnel again. A request with no failed item gives an empty body. gzip-encoded when the request accepts gzip. `requestId` is a record id or an X-Request-Id (its newest request).
     *
     *     Access: token ability "read", user permission "manage_funnels".
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          endpointUrl: string;
          requestId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The rows; `X-Rejected-Rows` counts them. Keys no item of the body has any more (the identifier mapping changed since) come last, as `{"_rejected": {..., "position": null}}` */
        200: {
          headers: {
            /** @description `gzip` when the request accepts it */
            'Content-Encoding'?: string;
            /** @description How many lines follow */
            'X-Rejected-Rows'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/x-ndjson': string;
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such funnel, no such request to it, or a request with failed items whose body was not kept whole (its record has a preview only) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The record is of a DELETE (it has no items), its request has not finished, or its errors could not be recorded (counts and message only) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body was kept, and pruned since (`HISTORY_PAYLOAD_DAYS`): the errors are still in the record */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/funnels/{endpointUrl}/history/{requestId}/replay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description Sends a recorded POST's payload again, through the funnel's current settings, as a new request: it is queued and answered as `POST /funnels/{endpointUrl}` would be, and gets its own history record (`Location`), whose `replayOf` is the record replayed. No body.
     *
     *     Access: token ability "create", user permission "manage_funnels".
     */
    post: {
      parameters: {
        query?: {
          /** @description `true`: validate everything, lookups included, and write nothing, as a dry run of the funnel request would; its record says `dryRun: true` */
          dryRun?: 'true' | 'false';
        };
        header?: never;
        path: {
          endpointUrl: string;
          requestId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The new request was answered; `Location` names its record */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              data?: {
                deletedIds?: string[];
                notFoundIds?: string[];
                requestId?: string;
                successIds?: string[];
              };
              errors?: {
                [key: string]: {
                  [key: string]: string;
                };
              };
              message: string;
              /** @enum {string} */
              status: 'success' | 'error';
            };
          };
        };
        /** @description The recorded payload is not JSON, or not the shape asked for, as when it was received; a `dryRun` other than `true` or `false`; or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such funnel, or no such request to it in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The payload was not kept whole when recorded, or the record is of a DELETE */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The payload was kept, and pruned since (`HISTORY_PAYLOAD_DAYS`) */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The recorded payload has more than `MAX_ITEMS` items */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The new request was answered: validation failed */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              data?: {
                deletedIds?: string[];
                notFoundIds?: string[];
                requestId?: string;
                successIds?: string[];
              };
              errors?: {
                [key: string]: {
                  [key: string]: string;
                };
              };
              message: string;
              /** @enum {string} */
              status: 'success' | 'error';
            };
          };
        };
        /** @description Over the token's rate limit */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The queue is away */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Still being processed; its history record will show the outcome */
        504: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/funnels/{endpointUrl}/redrives': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The funnel's re-drives, newest first.
     *
     *     Access: token ability "read", user permission "manage_funnels".
     */
    get: {
      parameters: {
        query?: {
          cursor?: string;
          limit?: number;
        };
        header?: never;
        path: {
          endpointUrl: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page; pass `nextCursor` as `cursor` for the next */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RedrivePage'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No funnel with that endpoint URL in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description A bad `limit`, or a `cursor` this list did not answer */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * @description Sends the funnel's failed POSTs (`error` and `partial`) again through its current settings, each once, in receipt order, as replays do: those received in [`since`, `until`), or those of one full sync. A worker does it; the re-drive (`Location`) shows the progress, and the history filtered by `redriveId` the requests it sent. One re-drive of a funnel runs at a time.
     *
     *     Access: token ability "create", user permission "manage_funnels".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          endpointUrl: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RedriveRequest'];
        };
      };
      responses: {
        /** @description Queued: the re-drive (`Location`) shows its progress */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Redrive'];
          };
        };
        /** @description The body is not valid JSON, or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No funnel with that endpoint URL, or no such sync of it */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The funnel has a re-drive queued or running (`data.redriveId`) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description A bad body (`errors` names each field: neither or both of `since` and `syncId`, a `since` in the future, an `until` not after it); or more failed requests than `REDRIVE_MAX_REQUESTS` (`data.bound`, and `data.total` when counted) */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/funnels/{endpointUrl}/redrives/{redriveId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The re-drive: its state and counts so far.
     *
     *     Access: token ability "read", user permission "manage_funnels".
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          endpointUrl: string;
          redriveId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The re-drive */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Redrive'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such funnel, or no such re-drive of it */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/funnels/{endpointUrl}/redrives/{redriveId}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description Stops the re-drive after the request it is sending, which is counted; it then ends `cancelled`. No body.
     *
     *     Access: token ability "create", user permission "manage_funnels".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          endpointUrl: string;
          redriveId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Asked: the re-drive ends `cancelled` once its worker sees it */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Redrive'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such funnel, or no such re-drive of it */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The re-drive has ended */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/funnels/{endpointUrl}/syncs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The funnel's full syncs, newest started first. Pass the same `state` with `cursor`.
     *
     *     Access: token ability "read", user permission "manage_funnels".
     */
    get: {
      parameters: {
        query?: {
          cursor?: string;
          limit?: number;
          /** @description `expired`: open past its expiry */
          state?: 'open' | 'expired' | 'committing' | 'committed';
        };
        header?: never;
        path: {
          endpointUrl: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page; pass `nextCursor` as `cursor` for the next */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SyncPage'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No funnel with that endpoint URL in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description A bad `state` or `limit`, or a `cursor` this list did not answer */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * @description Starts a full sync: send the whole data set with `?sync={syncId}` on funnel requests, then commit. Open for 24 hours; an uncommitted sync then expires and deletes nothing.
     *
     *     Access: token ability "create", user permission "manage_funnels".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          endpointUrl: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The sync */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Sync'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No funnel with that endpoint URL in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/funnels/{endpointUrl}/syncs/{syncId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The sync: its state, what its requests named, its commit and the progress of it.
     *
     *     Access: token ability "read", user permission "manage_funnels".
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          endpointUrl: string;
          syncId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The sync */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Sync'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such funnel, or no such sync of it in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/funnels/{endpointUrl}/syncs/{syncId}/commit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description Deletes the items of the funnel's content type that this funnel wrote before the sync started and that no request of the sync named, as a DELETE would, unless that is more than the limit. With `dryRun`, answers what it would delete, in pages (`limit`, `cursor`).
     *
     *     Access: token ability "delete", user permission "manage_funnels".
     */
    post: {
      parameters: {
        query?: {
          cursor?: string;
          /** @description `true`: answer what it would delete, in pages; delete nothing. The same as `dryRun` in the body; given in both, they must agree (else 400) */
          dryRun?: 'true' | 'false';
          limit?: number;
        };
        header?: never;
        path: {
          endpointUrl: string;
          syncId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SyncCommit'];
        };
      };
      responses: {
        /** @description Committed; or, for a dry run, a page of what it would delete */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json':
              | components['schemas']['SyncCommitAnswer']
              | components['schemas']['SyncCommitPreview'];
          };
        };
        /** @description Still deleting: the sync (`Location`) shows the progress */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SyncCommitAnswer'];
          };
        };
        /** @description The body is not valid JSON; `dryRun` in the query is not `true` or `false`, or is given in both query and body and they disagree; or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such funnel, or no such sync of it in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description A request of the sync is still queued or running (`data.pending`), or the sync is being committed or was */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The sync expired uncommitted */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the limit (`data.wouldDelete`, nothing deleted), a `cursor` this dry run did not answer, or a bad body (`errors`) */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SyncCommitAnswer'];
          };
        };
        /** @description Redis or MongoDB does not answer */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invitations/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set one's password with an invitation link's secret */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description Required: the console sends it (else 403) */
          'x-funnel-sync-console': '1';
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['AcceptInvitation'];
        };
      };
      responses: {
        /** @description The password is set; the person signs in with it */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AcceptedInvitation'];
          };
        };
        /** @description The body is not valid JSON; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The console header is missing */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The invitation is not known */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The invitation expired or was used, or its user is gone */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The password breaks the rule: at least 12 characters, 5 of them different, not a common one */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/limits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The limits of a funnel request: past `maxItems` or `maxBodyBytes` a request is 413, past `rateLimitPerMinute` 429; and of reads: past `readRateLimitPerMinute` a GET is 429.
     *
     *     Access: any valid token.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The limits */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Limits'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This document (no token needed); Swagger UI on it at /api/v1/docs */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The OpenAPI 3.1 document */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              [key: string]: unknown;
            };
          };
        };
        /** @description A query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with tenant, e-mail and password; sets the session cookie
     * @description A wrong tenant, e-mail or password gets the same 401; a tenant that is no slug or an e-mail that is no address is a 422, counted nowhere. Attempts are counted per client address (an IPv6 address by its /64) and per account; over the limit the answer is 429 with `Retry-After`. When the service already tracks as many sign-ins as it may (`SIGN_IN_MAX_TRACKED`), an attempt it would have to start tracking is a 503 with `Retry-After`.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description Required: the console sends it (else 403) */
          'x-funnel-sync-console': '1';
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SignIn'];
        };
      };
      responses: {
        /** @description Signed in; `Set-Cookie` carries the session (HttpOnly, SameSite=Strict) */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SignedIn'];
          };
        };
        /** @description The body is not valid JSON; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The tenant, e-mail or password is not right */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The console header is missing */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not valid */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too many attempts; `Retry-After` says how many seconds to wait */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Too many sign-ins tracked at once; `Retry-After` says how many seconds to wait */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    /** Sign this console session out and clear its cookie */
    delete: {
      parameters: {
        query?: never;
        header: {
          /** @description Required: the console sends it (else 403) */
          'x-funnel-sync-console': '1';
        };
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Signed out (also when there was no session) */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description A query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The console header is missing */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** End every console session of the caller's user (sign out everywhere) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Every session of the user ended */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description A query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not signed in */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Signed in with the cookie, without the console header */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/content-types': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Access: token ability "read", user permission "manage_settings". */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description All of the tenant */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              items: components['schemas']['ContentType'][];
              nextCursor: string | null;
            };
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * @description Creates the content type; one with that key is never replaced (409). Property keys are unique within the content type (a second one is a 422 naming it), and a `reference` property names a content type of the tenant, or this one (otherwise a 422).
     *
     *     Access: token ability "create", user permission "manage_settings".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ContentTypeCreate'];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ContentType'];
          };
        };
        /** @description The body is not valid JSON, or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description A content type with that key exists already */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Bad key or body, a property key used twice, or a reference to a missing content type */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/content-types/{key}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Access: token ability "read", user permission "manage_settings". */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          key: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Found */
        200: {
          headers: {
            /** @description The version of the resource and a digest of this body: for `If-Match` (which compares the version) and `If-None-Match` (304 while the body is the same) */
            ETag?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ContentType'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not found in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    /**
     * @description Creates the content type, or replaces it. Refused with 409 when the new definition drops a system field or property that a funnel maps. With `If-Match` (the ETag of a GET) it replaces only that version; with `If-None-Match: *` it only creates. Otherwise 412, with the content type as it is now. Property keys are unique within the content type (a second one is a 422 naming it), and a `reference` property names a content type of the tenant, or this one (otherwise a 422).
     *
     *     Access: token ability "update", user permission "manage_settings".
     */
    put: {
      parameters: {
        query?: never;
        header?: {
          /** @description Writes only while the resource is at this version: the ETag a read answered (`*`, or a comma-separated list of entity tags; another form is a 400) */
          'if-match'?: string;
          /** @description `*`: writes only if the resource does not exist yet (another form is a 400) */
          'if-none-match'?: string;
        };
        path: {
          key: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * @default generic
             * @enum {string}
             */
            kind?: 'product' | 'generic';
            name: string;
            /** @default [] */
            properties?: (
              | {
                  key: string;
                  label: string;
                  /** @default false */
                  multiple?: boolean;
                  /** @enum {string} */
                  type: 'text';
                }
              | {
                  key: string;
                  label: string;
                  /** @default false */
                  multiple?: boolean;
                  /** @enum {string} */
                  type: 'number';
                }
              | {
                  key: string;
                  label: string;
                  /** @default false */
                  multiple?: boolean;
                  /** @enum {string} */
                  type: 'integer';
                }
              | {
                  key: string;
                  label: string;
                  /** @default false */
                  multiple?: boolean;
                  /** @enum {string} */
                  type: 'boolean';
                }
              | {
                  key: string;
                  label: string;
                  /** @default false */
                  multiple?: boolean;
                  /** @enum {string} */
                  type: 'date';
                }
              | {
                  key: string;
                  label: string;
                  /** @default false */
                  multiple?: boolean;
                  /** @enum {string} */
                  type: 'media';
                }
              | {
                  contentType: string;
                  key: string;
                  label: string;
                  /** @default false */
                  multiple?: boolean;
                  /** @enum {string} */
                  type: 'reference';
                }
              | {
                  key: string;
                  label: string;
                  /** @default false */
                  multiple?: boolean;
                  options: string[];
                  /** @enum {string} */
                  type: 'enum';
                }
            )[];
          };
        };
      };
      responses: {
        /** @description Replaced */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ContentType'];
          };
        };
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ContentType'];
          };
        };
        /** @description The body is not valid JSON, or an `If-Match` or `If-None-Match` is not `*` or a list of entity tags (`errors` names it), or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Funnels map fields the new definition lacks */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ContentTypeInUse'];
          };
        };
        /** @description Another version than asked */
        412: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              current: components['schemas']['ContentType'] & (Record<string, never> | null);
              errors?: {
                [key: string]: unknown;
              };
              message: string;
              /** @enum {string} */
              status: 'error';
            };
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Bad key or body, a property key used twice, or a reference to a missing content type */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    post?: never;
    /**
     * @description Refused with 409 while funnels or reference properties use the content type.
     *
     *     Access: token ability "delete", user permission "manage_settings".
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          key: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not found in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Still used by funnels or content types */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ContentTypeInUse'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/exports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Access: token ability "read", user permission "manage_settings". */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description All of the tenant */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              items: components['schemas']['Export'][];
              nextCursor: string | null;
            };
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * @description The URL must be `https` to a public address unless the operator allows its network (`EXPORT_ALLOWED_NETWORKS`); a refused URL is a 422 whose `errors.url` says why. Every content type must exist. `active: true` re-enables a paused or disabled export: what waited is sent. Creating an export, or changing its `url`, `contentTypes` or `events`, also needs the `read` ability (403 otherwise): an export sends items.
     *
     *     Access: token ability "create", user permission "manage_settings".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ExportBody'];
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CreatedExport'];
          };
        };
        /** @description The body is not valid JSON, or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not valid, or a URL the operator's target rules refuse, or a content type the tenant lacks; `errors` says which */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/exports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Access: token ability "read", user permission "manage_settings". */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Found */
        200: {
          headers: {
            /** @description The version of the resource and a digest of this body: for `If-Match` (which compares the version) and `If-None-Match` (304 while the body is the same) */
            ETag?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Export'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not found in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * @description Removes the export and its delivery log; nothing more is sent.
     *
     *     Access: token ability "delete", user permission "manage_settings".
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Done */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not found in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * @description The URL must be `https` to a public address unless the operator allows its network (`EXPORT_ALLOWED_NETWORKS`); a refused URL is a 422 whose `errors.url` says why. Every content type must exist. `active: true` re-enables a paused or disabled export: what waited is sent. Creating an export, or changing its `url`, `contentTypes` or `events`, also needs the `read` ability (403 otherwise): an export sends items.
     *
     *     Access: token ability "update", user permission "manage_settings".
     */
    patch: {
      parameters: {
        query?: never;
        header?: {
          /** @description Writes only while the resource is at this version: the ETag a read answered (`*`, or a comma-separated list of entity tags; another form is a 400) */
          'if-match'?: string;
          /** @description `*`: writes only if the resource does not exist yet (another form is a 400) */
          'if-none-match'?: string;
        };
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ExportPatch'];
        };
      };
      responses: {
        /** @description Changed */
        200: {
          headers: {
            /** @description The version of the resource and a digest of this body: for `If-Match` (which compares the version) and `If-None-Match` (304 while the body is the same) */
            ETag?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Export'];
          };
        };
        /** @description The body is not valid JSON, or an `If-Match` or `If-None-Match` is not `*` or a list of entity tags (`errors` names it), or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not found in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Another version than `If-Match` */
        412: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              current: components['schemas']['Export'] & (Record<string, never> | null);
              errors?: {
                [key: string]: unknown;
              };
              message: string;
              /** @enum {string} */
              status: 'error';
            };
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not valid, or a URL the operator's target rules refuse, or a content type the tenant lacks; `errors` says which */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/v1/settings/exports/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The delivery log, newest first: each delivery with its changes' range and every attempt (time, status, duration, the first KiB of the answer, error). `pending`: not answered yet; `failed`: the last attempt failed and the next waits (`nextAttemptAt`); `succeeded`: answered with a 2xx. A delivery that succeeded is removed `EXPORT_DELIVERY_LOG_DAYS` (default 7) after its success; pending and failed ones stay until they succeed.
     *
     *     Access: token ability "read", user permission "manage_settings".
     */
    get: {
      parameters: {
        query?: {
          cursor?: string;
          limit?: number;
          status?: 'pending' | 'succeeded' | 'failed';
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page; pass `nextCursor` as `cursor` for the next */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ExportDeliveryPage'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such export in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description A bad `status` or `limit`, or a `cursor` this list did not answer */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/exports/{id}/deliveries/{deliveryId}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description Sends a waiting delivery now instead of at its next retry. A lane still sends in order: a delivery behind another waiting one goes right after it. A delivery that succeeded is not sent again here (409): replay its changes instead.
     *
     *     Access: token abilities "create" and "read" (a retry sends items), user permission "manage_settings".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          deliveryId: string;
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Queued to send now */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ExportDelivery'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such export or delivery in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The delivery succeeded already, or the export is not active */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/exports/{id}/replay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description Sends the changes from `fromSeq` (or those written at or after `since`) up to now again, in the background, as new deliveries; `replay` on the export shows how far it got. A replay re-sends older versions after newer ones on purpose: a receiver keeps an item's highest `version`.
     *
     *     Access: token ability "create" (and "read" for a resync or a replay, which send items), user permission "manage_settings".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ExportReplay'];
        };
      };
      responses: {
        /** @description Started */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Export'];
          };
        };
        /** @description The body is not valid JSON, or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such export in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The export is not active */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Neither `fromSeq` nor `since`, or a bad value */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/exports/{id}/resync': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description Delivers every current item of the export's content types once more, as `updated`, in the background; `resync` on the export shows the progress (`itemsTotal` is null until the worker has counted the items). Per-item order holds: a resync never sends an item's version after a newer one.
     *
     *     Access: token ability "create" (and "read" for a resync or a replay, which send items), user permission "manage_settings".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Started */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Export'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such export in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The export is not active */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/exports/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description Makes a new signing secret. The replaced one keeps signing beside it for 24 hours: `webhook-signature` then holds both signatures, so a receiver can switch without downtime.
     *
     *     Access: token ability "create" (and "read" for a resync or a replay, which send items), user permission "manage_settings".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The export and its new secret */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RotatedExport'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such export in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/exports/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description Sends a signed `{"type":"ping"}` delivery to the receiver now (paused or not) and answers what came back.
     *
     *     Access: token ability "create" (and "read" for a resync or a replay, which send items), user permission "manage_settings".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The receiver's answer */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ExportPing'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such export in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/funnel-preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description Runs a draft funnel (the body of `POST /settings/funnels`, saved or not) by the rules a funnel request meets, as a dry run: over its `requestData`, and over the last `limit` (at most 50) requests of the saved funnel `history.endpointUrl`. Each request gets the answer it would get now beside the one it got (status code, status, counts) and the items whose outcome changes (`ok`, `error`, `not-written`). A DELETE, a request not finished, or one whose payload was cut when recorded is listed in `skipped` with the reason. Writes nothing: no item, no history record. It runs off the API's event loop, in a thread stopped past `PREVIEW_TIME_BUDGET_MS` (default 5 s) or 512 MiB. A tenant runs one preview at a time, across every API process; an API process runs 2 at a time.
     *
     *     Access: token ability "read", user permission "manage_funnels".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['FunnelPreviewRequest'];
        };
      };
      responses: {
        /** @description The draft over the sample and each request */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['FunnelPreview'];
          };
        };
        /** @description The body is not valid JSON, or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description A bad body, or a draft that saving would refuse (`errors` names it, as `funnel.mappings.0.target`), or no saved funnel `history.endpointUrl`, or a preview stopped past its time budget or memory (the message names it) */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description A preview of the same tenant is running; `Retry-After` is the time budget in seconds */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description As many previews of other tenants as the process runs at once are running (`Retry-After`) */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/funnels': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Access: token ability "read", user permission "manage_funnels". */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description All of the tenant */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              items: components['schemas']['Funnel'][];
              nextCursor: string | null;
            };
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /** @description Access: token ability "create", user permission "manage_funnels". */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @default true */
            active?: boolean;
            contentType: string;
            /** @default  */
            description?: string;
            endpointUrl: string;
            /** @default [] */
            mappings?: {
              /** @default false */
              lazy?: boolean;
              /** @default false */
              optional?: boolean;
              source: string;
              target:
                | {
                    /** @enum {string} */
                    system: 'identifier' | 'name' | 'image' | 'parent';
                  }
                | {
                    property: string;
                  };
              /**
               * @description Steps applied in order to the value read from `source`, before it is checked against the target.
               * @example [
               *       {
               *         "op": "trim"
               *       },
               *       {
               *         "op": "split",
               *         "separator": ","
               *       }
               *     ]
               */
              transforms?: components['schemas']['ValueTransform'][];
            }[];
            name: string;
            /** @default false */
            partialValidation?: boolean;
            requestData?:
              | {
                  [key: string]: unknown;
                }
              | {
                  [key: string]: unknown;
                }[];
          };
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            /** @description The version of the resource and a digest of this body: for `If-Match` (which compares the version) and `If-None-Match` (304 while the body is the same) */
            ETag?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Funnel'];
          };
        };
        /** @description The body is not valid JSON, or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The endpoint URL is already used in the tenant */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Bad body, a content type the tenant lacks, a mapping whose target is unknown or mapped twice, or a transform that is not valid (`errors` names it, as `mappings.1.transforms.0.op`) */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/funnels/{endpointUrl}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Access: token ability "read", user permission "manage_funnels". */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          endpointUrl: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Found */
        200: {
          headers: {
            /** @description The version of the resource and a digest of this body: for `If-Match` (which compares the version) and `If-None-Match` (304 while the body is the same) */
            ETag?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Funnel'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not found in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    /**
     * @description Replaces the funnel. `endpointUrl` defaults to the one in the path; another one renames it (its history goes with it; senders of the old URL get 404). With `If-Match` (the ETag of a GET) it replaces only that version.
     *
     *     Access: token ability "update", user permission "manage_funnels".
     */
    put: {
      parameters: {
        query?: never;
        header?: {
          /** @description Writes only while the resource is at this version: the ETag a read answered (`*`, or a comma-separated list of entity tags; another form is a 400) */
          'if-match'?: string;
          /** @description `*`: writes only if the resource does not exist yet (another form is a 400) */
          'if-none-match'?: string;
        };
        path: {
          endpointUrl: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @default true */
            active?: boolean;
            contentType: string;
            /** @default  */
            description?: string;
            endpointUrl?: string;
            /** @default [] */
            mappings?: {
              /** @default false */
              lazy?: boolean;
              /** @default false */
              optional?: boolean;
              source: string;
              target:
                | {
                    /** @enum {string} */
                    system: 'identifier' | 'name' | 'image' | 'parent';
                  }
                | {
                    property: string;
                  };
              /**
               * @description Steps applied in order to the value read from `source`, before it is checked against the target.
               * @example [
               *       {
               *         "op": "trim"
               *       },
               *       {
               *         "op": "split",
               *         "separator": ","
               *       }
               *     ]
               */
              transforms?: components['schemas']['ValueTransform'][];
            }[];
            name: string;
            /** @default false */
            partialValidation?: boolean;
            requestData?:
              | {
                  [key: string]: unknown;
                }
              | {
                  [key: string]: unknown;
                }[];
          };
        };
      };
      responses: {
        /** @description Replaced */
        200: {
          headers: {
            /** @description The version of the resource and a digest of this body: for `If-Match` (which compares the version) and `If-None-Match` (304 while the body is the same) */
            ETag?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Funnel'];
          };
        };
        /** @description The body is not valid JSON, or an `If-Match` or `If-None-Match` is not `*` or a list of entity tags (`errors` names it), or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not found in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The endpoint URL is already used in the tenant */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Another version than `If-Match` */
        412: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              current: components['schemas']['Funnel'] & (Record<string, never> | null);
              errors?: {
                [key: string]: unknown;
              };
              message: string;
              /** @enum {string} */
              status: 'error';
            };
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Bad body, a content type the tenant lacks, a mapping whose target is unknown or mapped twice, or a transform that is not valid (`errors` names it, as `mappings.1.transforms.0.op`) */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    post?: never;
    /** @description Access: token ability "delete", user permission "manage_funnels". */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          endpointUrl: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Done */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not found in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * @description Sets the fields given; the result is checked as a whole, as a PUT would be. With `If-Match` (the ETag of a GET) it changes only that version.
     *
     *     Access: token ability "update", user permission "manage_funnels".
     */
    patch: {
      parameters: {
        query?: never;
        header?: {
          /** @description Writes only while the resource is at this version: the ETag a read answered (`*`, or a comma-separated list of entity tags; another form is a 400) */
          'if-match'?: string;
          /** @description `*`: writes only if the resource does not exist yet (another form is a 400) */
          'if-none-match'?: string;
        };
        path: {
          endpointUrl: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @default true */
            active?: boolean;
            contentType?: string;
            /** @default  */
            description?: string;
            endpointUrl?: string;
            /** @default [] */
            mappings?: {
              /** @default false */
              lazy?: boolean;
              /** @default false */
              optional?: boolean;
              source: string;
              target:
                | {
                    /** @enum {string} */
                    system: 'identifier' | 'name' | 'image' | 'parent';
                  }
                | {
                    property: string;
                  };
              /**
               * @description Steps applied in order to the value read from `source`, before it is checked against the target.
               * @example [
               *       {
               *         "op": "trim"
               *       },
               *       {
               *         "op": "split",
               *         "separator": ","
               *       }
               *     ]
               */
              transforms?: components['schemas']['ValueTransform'][];
            }[];
            name?: string;
            /** @default false */
            partialValidation?: boolean;
            requestData?:
              | {
                  [key: string]: unknown;
                }
              | {
                  [key: string]: unknown;
                }[];
          };
        };
      };
      responses: {
        /** @description Changed */
        200: {
          headers: {
            /** @description The version of the resource and a digest of this body: for `If-Match` (which compares the version) and `If-None-Match` (304 while the body is the same) */
            ETag?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Funnel'];
          };
        };
        /** @description The body is not valid JSON, or an `If-Match` or `If-None-Match` is not `*` or a list of entity tags (`errors` names it), or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not found in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The endpoint URL is already used in the tenant */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Another version than `If-Match` */
        412: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              current: components['schemas']['Funnel'] & (Record<string, never> | null);
              errors?: {
                [key: string]: unknown;
              };
              message: string;
              /** @enum {string} */
              status: 'error';
            };
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Bad body, a content type the tenant lacks, a mapping whose target is unknown or mapped twice, or a transform that is not valid (`errors` names it, as `mappings.1.transforms.0.op`) */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/v1/settings/funnels/{endpointUrl}/paths': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The source paths of `requestData` with their JSON types. The elements of an array of objects are listed below the array without an index (`categories.name`), as mappings map over them; a list of items is read as one item with the keys of all.
     *
     *     Each path has `suggestions`: up to 3 system fields or properties of the content type whose names are most like it, best first, each with the `target` to put in a mapping, its label and a `score` from 0.6 to 1. Names are compared as words (split at `_ - .` spaces and camelCase, case and a plural s ignored) by word overlap and by spelling (edit distance), a path by its last key and, for slightly less, as a whole; system fields also answer to usual names (`sku`, `id` and `code` for the identifier, `title` for the name, `img` and `picture` for the image). Object paths get none.
     *
     *     A sample has at most 100 distinct paths of at most 10 keys and 65536 bytes of JSON (saving a larger one is a 422); one saved before these limits is listed up to them.
     *
     *     Access: token ability "read", user permission "manage_funnels".
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          endpointUrl: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The paths, depth first in the order of the sample */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              items: {
                path: string;
                /** @description Up to 3 targets whose names are most like the path, best first */
                suggestions: components['schemas']['PathSuggestion'][];
                /** @enum {string} */
                type: 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';
              }[];
              nextCursor: string | null;
            };
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not found in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * @description The calling token's abilities and its user's permissions, with their names: what the caller may do in the API. Never the token itself.
     *
     *     Access: any valid token.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The caller */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Me'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/suggested-paths': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description The source paths of a sample payload, with JSON types and suggested targets, as `GET /settings/funnels/{endpointUrl}/paths` lists them for a saved funnel; and `targets`, every system field and property of the content type. For a funnel being written: nothing is stored.
     *
     *     Access: token ability "read", user permission "manage_funnels".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SuggestedPathsRequest'];
        };
      };
      responses: {
        /** @description The paths, depth first in the order of the sample */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SuggestedPaths'];
          };
        };
        /** @description The body is not valid JSON, or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description A bad sample, or a content type the tenant lacks */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/tokens': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Access: token ability "read", user permission "manage_settings". */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description All of the tenant */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              items: components['schemas']['Token'][];
              nextCursor: string | null;
            };
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * @description Nobody grants what they do not hold: the new token's abilities must all be held by the calling token, and a token for another user (`userId`) is made only when the calling user holds every permission of that user. Otherwise 403, naming what cannot be granted. A `userId` that names no user of the tenant, or an `expiresAt` that is not in the future, is a 422.
     *
     *     Access: token ability "create", user permission "manage_settings".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            abilities: ('read' | 'create' | 'update' | 'delete')[];
            /** Format: date-time */
            expiresAt?: string;
            name: string;
            userId?: string;
          };
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CreatedToken'];
          };
        };
        /** @description The body is not valid JSON, or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not valid, or a `userId` that names no user of the tenant, or an `expiresAt` not in the future; `errors` says which */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/tokens/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * @description Revokes the token; it stops working on every API process within a second. A token made in a console session, or with a token made so, is also revoked when that session's user sets a new password. The caller's own tokens may always be revoked (revoking the one it calls with signs it out); another user's only when the calling user holds every permission of that user (otherwise 403, naming what it lacks).
     *
     *     Access: token ability "delete", user permission "manage_settings".
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Done */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not found in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Access: token ability "read", user permission "manage_settings". */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description All of the tenant */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              items: components['schemas']['User'][];
              nextCursor: string | null;
            };
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    /**
     * @description Nobody grants what they do not hold: every permission given (on create, or in a patch) must be held by the calling user. Otherwise 403, naming what cannot be granted. A user is changed, deactivated or deleted only by a caller that holds every permission of that user (otherwise 403, naming what the caller lacks).
     *
     *     Access: token ability "create", user permission "manage_settings".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** Format: email */
            email: string;
            name?: string;
            /** @default [] */
            permissions?: ('manage_funnels' | 'manage_settings')[];
          };
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['User'];
          };
        };
        /** @description The body is not valid JSON, or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The email is already used in the tenant */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not valid; `errors` names each bad field */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/users/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Access: token ability "read", user permission "manage_settings". */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Found */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['User'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not found in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Over the caller's read limit (`READ_RATE_LIMIT_PER_MINUTE` per token, or per user for the console) */
        429: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** @description Access: token ability "delete", user permission "manage_settings". */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Done */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not found in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The caller would delete itself, or the tenant would be left without an active user with manage_settings */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * @description Nobody grants what they do not hold: every permission given (on create, or in a patch) must be held by the calling user. Otherwise 403, naming what cannot be granted. A user is changed, deactivated or deleted only by a caller that holds every permission of that user (otherwise 403, naming what the caller lacks).
     *
     *     Access: token ability "update", user permission "manage_settings".
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            active?: boolean;
            name?: string;
            permissions?: ('manage_funnels' | 'manage_settings')[];
          };
        };
      };
      responses: {
        /** @description Changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['User'];
          };
        };
        /** @description The body is not valid JSON, or the path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Not found in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The change would deactivate the caller or remove its own manage_settings, or leave the tenant without an active user with manage_settings; the message says which */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is too large */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not `application/json` */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The body is not valid; `errors` names each bad field */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    trace?: never;
  };
  '/api/v1/settings/users/{id}/invitation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * @description A new one-time link for the user to set (or reset) a password and sign in to the console. The secret is shown once; the link works once, until `validUntil`. The caller must hold every permission of the user (otherwise 403); a deactivated user gets none (409).
     *
     *     Access: token ability "create", user permission "manage_settings".
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The invitation; its secret is shown only now */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Invitation'];
          };
        };
        /** @description The path is not valid percent-encoding; or a query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description Missing, malformed, badly signed, expired or revoked token */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description The token lacks the ability, or its user the permission */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description No such user in the tenant */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The user is deactivated */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Redis or MongoDB does not answer; nothing was half-written, try again */
        503: {
          headers: {
            /** @description Seconds to wait */
            'Retry-After'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness: answers while the process runs (no token) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Alive */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {string} */
              status: 'ok';
            };
          };
        };
        /** @description A query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Prometheus metrics of this API process (no token: keep it on the internal network) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Prometheus text */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/plain': string;
          };
        };
        /** @description A query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: Redis and MongoDB both answer (no token) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Ready */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              engines: {
                [key: string]: 'up' | 'down';
              };
              message: string;
              /** @enum {string} */
              status: 'ok' | 'error';
              workers: number | null;
            };
          };
        };
        /** @description A query parameter the operation does not declare (the message names it) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Error'];
          };
        };
        /** @description An engine does not answer; `message` names it */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              engines: {
                [key: string]: 'up' | 'down';
              };
              message: string;
              /** @enum {string} */
              status: 'ok' | 'error';
              workers: number | null;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    AcceptedInvitation: {
      email: string;
      tenant: string;
    };
    AcceptInvitation: {
      password: string;
      /** @description The secret of the invitation link */
      secret: string;
    };
    Change: {
      at: string;
      contentType: string;
      /** @enum {string} */
      event: 'created' | 'updated' | 'deleted';
      identifier: string;
      item: {
        createdAt: string;
        identifier: string;
        image: string | null;
        name: string | null;
        parent: string | null;
        properties: {
          [key: string]: unknown;
        };
        updatedAt: string;
      } | null;
      seq: number;
      version: number;
    };
    ChangePage: {
      items: components['schemas']['Change'][];
      /** @description Pass as `after` next time; it moves past every change looked at */
      nextCursor: string;
    };
    ContentType: {
      createdAt: string;
      key: string;
      /** @enum {string} */
      kind: 'product' | 'generic';
      name: string;
      properties: (
        | {
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            /** @enum {string} */
            type: 'text';
          }
        | {
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            /** @enum {string} */
            type: 'number';
          }
        | {
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            /** @enum {string} */
            type: 'integer';
          }
        | {
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            /** @enum {string} */
            type: 'boolean';
          }
        | {
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            /** @enum {string} */
            type: 'date';
          }
        | {
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            /** @enum {string} */
            type: 'media';
          }
        | {
            contentType: string;
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            /** @enum {string} */
            type: 'reference';
          }
        | {
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            options: string[];
            /** @enum {string} */
            type: 'enum';
          }
      )[];
      revision: number;
      updatedAt: string;
    };
    ContentTypeCreate: {
      key: string;
      /**
       * @default generic
       * @enum {string}
       */
      kind: 'product' | 'generic';
      name: string;
      /** @default [] */
      properties: (
        | {
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            /** @enum {string} */
            type: 'text';
          }
        | {
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            /** @enum {string} */
            type: 'number';
          }
        | {
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            /** @enum {string} */
            type: 'integer';
          }
        | {
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            /** @enum {string} */
            type: 'boolean';
          }
        | {
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            /** @enum {string} */
            type: 'date';
          }
        | {
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            /** @enum {string} */
            type: 'media';
          }
        | {
            contentType: string;
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            /** @enum {string} */
            type: 'reference';
          }
        | {
            key: string;
            label: string;
            /** @default false */
            multiple: boolean;
            options: string[];
            /** @enum {string} */
            type: 'enum';
          }
      )[];
    };
    ContentTypeInUse: {
      contentTypes: string[];
      errors?: {
        [key: string]: unknown;
      };
      funnels: string[];
      message: string;
      /** @enum {string} */
      status: 'error';
    };
    CreatedExport: {
      active: boolean;
      batchSize: number;
      contentTypes: string[];
      createdAt: string;
      /** @description The change `seq` up to which deliveries were formed */
      cursor: number;
      disabledReason: string | null;
      events: ('created' | 'updated' | 'deleted')[];
      failingSince: string | null;
      id: string;
      name: string;
      /** @description Formed and not yet answered with a 2xx */
      pendingDeliveries: number;
      /** @description During a rotation: until when the replaced secret still signs */
      previousSecretExpiresAt: string | null;
      replay: {
        next: number;
        to: number;
      } | null;
      resync: {
        finishedAt: string | null;
        itemsFormed: number;
        /** @description Items of the export's content types when the resync began reading them; null until the worker has counted them */
        itemsTotal: number | null;
        startedAt: string;
        /** @enum {string} */
        state: 'running' | 'done';
      } | null;
      /** @description The signing secret (`whsec_...`); shown this once only */
      secret: string;
      /** @enum {string} */
      state: 'active' | 'paused' | 'disabled';
      updatedAt: string;
      url: string;
    };
    CreatedToken: {
      abilities: ('read' | 'create' | 'update' | 'delete')[];
      createdAt: string;
      expiresAt: string | null;
      id: string;
      lastUsedAt: string | null;
      name: string;
      revokedAt: string | null;
      /** @description The token; shown this once only */
      token: string;
      userId: string;
    };
    /** @description Gives `value` when there is no value: the path is missing, or its value is `null` or `""`. Later steps apply to it as to a value sent. With a default, a sender cannot clear the field. The value must suit the target once the later steps have run (checked when the funnel is saved); the identifier mapping cannot have one. */
    DefaultTransform: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      op: 'default';
      value: string | number | boolean | (string | number | boolean)[];
    };
    Envelope: {
      data?: {
        deletedIds?: string[];
        notFoundIds?: string[];
        requestId?: string;
        successIds?: string[];
      };
      errors?: {
        [key: string]: {
          [key: string]: string;
        };
      };
      message: string;
      /** @enum {string} */
      status: 'success' | 'error';
    };
    Error: {
      errors?: {
        [key: string]: unknown;
      };
      message: string;
      /** @enum {string} */
      status: 'error';
    };
    Export: {
      active: boolean;
      batchSize: number;
      contentTypes: string[];
      createdAt: string;
      /** @description The change `seq` up to which deliveries were formed */
      cursor: number;
      disabledReason: string | null;
      events: ('created' | 'updated' | 'deleted')[];
      failingSince: string | null;
      id: string;
      name: string;
      /** @description Formed and not yet answered with a 2xx */
      pendingDeliveries: number;
      /** @description During a rotation: until when the replaced secret still signs */
      previousSecretExpiresAt: string | null;
      replay: {
        next: number;
        to: number;
      } | null;
      resync: {
        finishedAt: string | null;
        itemsFormed: number;
        /** @description Items of the export's content types when the resync began reading them; null until the worker has counted them */
        itemsTotal: number | null;
        startedAt: string;
        /** @enum {string} */
        state: 'running' | 'done';
      } | null;
      /** @enum {string} */
      state: 'active' | 'paused' | 'disabled';
      updatedAt: string;
      url: string;
    };
    ExportBody: {
      /** @default true */
      active: boolean;
      /** @default 50 */
      batchSize: number;
      contentTypes: string[];
      /**
       * @default [
       *       "created",
       *       "updated",
       *       "deleted"
       *     ]
       */
      events: ('created' | 'updated' | 'deleted')[];
      name: string;
      /**
       * Format: uri
       * @description An absolute http(s) URL without credentials. It must be https to a public address unless the operator allows its network; a refused one is a 422 saying why
       */
      url: string;
    };
    ExportDelivery: {
      attemptCount: number;
      attempts: {
        at: string;
        durationMs: number;
        error: string | null;
        /** @description The first KiB of the answer */
        response: string | null;
        retryAfterSeconds: number | null;
        /** @description The receiver's HTTP status; null for no answer */
        status: number | null;
      }[];
      changeCount: number;
      /** @description What it carries, as sent (each change with its identifier and item); empty once it succeeded, when the change log holds them (firstSeq to lastSeq) */
      changes: {
        at: string;
        contentType: string;
        /** @enum {string} */
        event: 'created' | 'updated' | 'deleted';
        identifier: string;
        item: {
          createdAt: string;
          identifier: string;
          image: string | null;
          name: string | null;
          parent: string | null;
          properties: {
            [key: string]: unknown;
          };
          updatedAt: string;
        } | null;
        seq: number;
        version: number;
      }[];
      createdAt: string;
      firstSeq: number | null;
      /** @description Also its `webhook-id` */
      id: string;
      lane: number;
      lastSeq: number | null;
      nextAttemptAt: string | null;
      /** @description Its place in its lane */
      number: number;
      /** @enum {string} */
      origin: 'log' | 'replay' | 'resync';
      /** @enum {string} */
      status: 'pending' | 'succeeded' | 'failed';
      succeededAt: string | null;
    };
    ExportDeliveryPage: {
      items: components['schemas']['ExportDelivery'][];
      nextCursor: string | null;
    };
    ExportPatch: {
      active?: boolean;
      batchSize?: number;
      contentTypes?: string[];
      events?: ('created' | 'updated' | 'deleted')[];
      name?: string;
      /**
       * Format: uri
       * @description An absolute http(s) URL without credentials. It must be https to a public address unless the operator allows its network; a refused one is a 422 saying why
       */
      url?: string;
    };
    ExportPing: {
      durationMs: number;
      /** @description Why no answer came */
      error: string | null;
      /** @description The receiver answered with a 2xx */
      ok: boolean;
      /** @description The first KiB of the answer */
      response: string | null;
      status: number | null;
    };
    /** @description Exactly one of `fromSeq` and `since` */
    ExportReplay: (
      | {
          fromSeq: number;
        }
      | {
          /** Format: date-time */
          since: string;
        }
    ) &
      (unknown | unknown);
    Funnel: {
      /** @default true */
      active: boolean;
      contentType: string;
      createdAt: string;
      /** @default  */
      description: string;
      endpointUrl: string;
      id: string;
      /** @default [] */
      mappings: {
        /** @default false */
        lazy: boolean;
        /** @default false */
        optional: boolean;
        source: string;
        target:
          | {
              /** @enum {string} */
              system: 'identifier' | 'name' | 'image' | 'parent';
            }
          | {
              property: string;
            };
        /**
         * @description Steps applied in order to the value read from `source`, before it is checked against the target.
         * @example [
         *       {
         *         "op": "trim"
         *       },
         *       {
         *         "op": "split",
         *         "separator": ","
         *       }
         *     ]
         */
        transforms?: components['schemas']['ValueTransform'][];
      }[];
      name: string;
      /** @default false */
      partialValidation: boolean;
      requestData?: unknown;
      revision: number;
      updatedAt: string;
    };
    FunnelPreview: {
      requests: {
        changed: boolean;
        itemChanges: {
          errors?: {
            [key: string]: string;
          };
          key: string;
          /** @enum {string} */
          now: 'ok' | 'error' | 'not-written';
          /** @enum {string} */
          then: 'ok' | 'error' | 'not-written';
        }[];
        now: {
          envelope: {
            data?: {
              deletedIds?: string[];
              notFoundIds?: string[];
              requestId?: string;
              successIds?: string[];
            };
            errors?: {
              [key: string]: {
                [key: string]: string;
              };
            };
            message: string;
            /** @enum {string} */
            status: 'success' | 'error';
          };
          failed: number;
          httpStatus: number;
          imported: number;
          itemCount: number;
          message: string;
          resolved: {
            sent: string;
            writtenTo: string;
          }[];
          /** @enum {string} */
          status: 'success' | 'partial' | 'error' | 'queued' | 'processing';
        };
        receivedAt: string;
        recordId: string;
        requestId: string;
        then: {
          failed: number;
          httpStatus: number;
          imported: number;
          itemCount: number;
          message: string;
          /** @enum {string} */
          status: 'success' | 'partial' | 'error' | 'queued' | 'processing';
        };
      }[];
      sample: {
        envelope: {
          data?: {
            deletedIds?: string[];
            notFoundIds?: string[];
            requestId?: string;
            successIds?: string[];
          };
          errors?: {
            [key: string]: {
              [key: string]: string;
            };
          };
          message: string;
          /** @enum {string} */
          status: 'success' | 'error';
        };
        failed: number;
        httpStatus: number;
        imported: number;
        itemCount: number;
        message: string;
        resolved: {
          sent: string;
          writtenTo: string;
        }[];
        /** @enum {string} */
        status: 'success' | 'partial' | 'error' | 'queued' | 'processing';
      } | null;
      skipped: {
        reason: string;
        receivedAt: string;
        recordId: string;
        requestId: string;
      }[];
    };
    FunnelPreviewRequest: {
      funnel: {
        /** @default true */
        active: boolean;
        contentType: string;
        /** @default  */
        description: string;
        endpointUrl: string;
        /** @default [] */
        mappings: {
          /** @default false */
          lazy: boolean;
          /** @default false */
          optional: boolean;
          source: string;
          target:
            | {
                /** @enum {string} */
                system: 'identifier' | 'name' | 'image' | 'parent';
              }
            | {
                property: string;
              };
          /**
           * @description Steps applied in order to the value read from `source`, before it is checked against the target.
           * @example [
           *       {
           *         "op": "trim"
           *       },
           *       {
           *         "op": "split",
           *         "separator": ","
           *       }
           *     ]
           */
          transforms?: components['schemas']['ValueTransform'][];
        }[];
        name: string;
        /** @default false */
        partialValidation: boolean;
        requestData?:
          | {
              [key: string]: unknown;
            }
          | {
              [key: string]: unknown;
            }[];
      };
      history?: {
        /** @description The saved funnel whose requests are read; default: the draft's endpointUrl */
        endpointUrl?: string;
        /** @default 10 */
        limit: number;
      };
    };
    HistoryEntry: {
      deletedIds: string[];
      dryRun: boolean;
      durationMs: number | null;
      endpointUrl: string;
      errors: {
        [key: string]: {
          [key: string]: string;
        };
      };
      finishedAt: string | null;
      httpStatus: number | null;
      identifierCount: number;
      /** @description The first 5 identifiers named; the record has all */
      identifiers: string[];
      itemCount: number;
      /** @description Whether the lists name every item, error and match of the request. false in a list entry of a request that named more than an entry holds (reading its record gives them all), and in a record whose lists could not be stored (counts and message only) */
      listsComplete: boolean;
      message: string;
      /** @enum {string} */
      method: 'POST' | 'DELETE';
      notFoundIds: string[];
      payloadTruncated: boolean;
      receivedAt: string;
      recordId: string;
      redriveId?: string;
      replayOf?: string;
      requestId: string;
      resolved: {
        sent: string;
        writtenTo: string;
      }[];
      sequence: number;
      /** @enum {string} */
      status: 'success' | 'partial' | 'error' | 'queued' | 'processing';
      /** @description The whole body as the history keeps it apart from the record (`GET .../history/{requestId}/payload`): its size as received, compressed, its SHA-256 and when it goes; null when it is not kept apart: a short body, which the preview holds whole (`payloadTruncated` false), or a body not kept */
      storedPayload: {
        bytes: number;
        expiresAt: string;
        sha256: string;
        storedBytes: number;
      } | null;
      successIds: string[];
      sync?: string;
      syncCommit?: boolean;
      tokenId: string | null;
      /** @description The OpenTelemetry trace id of the request's spans, the sender's when it sent a `traceparent`; absent when tracing is off */
      traceId?: string;
    };
    HistoryPage: {
      items: components['schemas']['HistoryEntry'][];
      nextCursor: string | null;
      /** @description Requests to the funnel the rate limit refused: counted, not recorded one by one */
      rateLimited: {
        lastDay: number;
      };
    };
    HistoryRecord: {
      deletedIds: string[];
      dryRun: boolean;
      durationMs: number | null;
      endpointUrl: string;
      errors: {
        [key: string]: {
          [key: string]: string;
        };
      };
      finishedAt: string | null;
      httpStatus: number | null;
      identifierCount: number;
      identifiers: string[];
      itemCount: number;
      /** @description Whether the lists name every item, error and match of the request. false in a list entry of a request that named more than an entry holds (reading its record gives them all), and in a record whose lists could not be stored (counts and message only) */
      listsComplete: boolean;
      message: string;
      /** @enum {string} */
      method: 'POST' | 'DELETE';
      notFoundIds: string[];
      payload?: unknown;
      payloadTruncated: boolean;
      receivedAt: string;
      recordId: string;
      redriveId?: string;
      replayOf?: string;
      requestId: string;
      resolved: {
        sent: string;
        writtenTo: string;
      }[];
      sequence: number;
      /** @enum {string} */
      status: 'success' | 'partial' | 'error' | 'queued' | 'processing';
      /** @description The whole body as the history keeps it apart from the record (`GET .../history/{requestId}/payload`): its size as received, compressed, its SHA-256 and when it goes; null when it is not kept apart: a short body, which the preview holds whole (`payloadTruncated` false), or a body not kept */
      storedPayload: {
        bytes: number;
        expiresAt: string;
        sha256: string;
        storedBytes: number;
      } | null;
      successIds: string[];
      sync?: string;
      syncCommit?: boolean;
      tokenId: string | null;
      /** @description The token's name; null when it is gone */
      tokenName: string | null;
      /** @description The OpenTelemetry trace id of the request's spans, the sender's when it sent a `traceparent`; absent when tracing is off */
      traceId?: string;
    };
    Invitation: {
      /** @description The console page that accepts it, below the service URL */
      consolePath: string;
      /** @description The whole link to hand the person: the console page that accepts it, at `PUBLIC_URL` */
      link: string;
      /** @description Shown once: the invitation link carries it */
      secret: string;
      validUntil: string;
    };
    Item: {
      createdAt: string;
      identifier: string;
      image: string | null;
      name: string | null;
      parent: string | null;
      properties: {
        [key: string]: unknown;
      };
      updatedAt: string;
    };
    ItemChange: {
      at: string;
      /** @description An update's changed fields, before and after; null for a creation or a deletion, and once the history’s retention has let the diff go */
      diff: {
        fields: {
          /** @description The value after (null: it has none now) */
          after?: unknown;
          /**
           * @description Present when `after` was too large: it is then the beginning of its JSON text
           * @enum {boolean}
           */
          afterCut?: true;
          /** @description The value before (null: it had none) */
          before?: unknown;
          /**
           * @description Present when `before` was too large: it is then the beginning of its JSON text
           * @enum {boolean}
           */
          beforeCut?: true;
          /** @description `name`, `image`, `parent`, or `properties.<key>` for a property */
          field: string;
          /** @description The field's label in the content type now (its key if it has none) */
          label: string;
        }[];
        /** @description How many more fields changed than are listed: past the bound of one version */
        omitted: number;
      } | null;
      /** @enum {string} */
      event: 'created' | 'updated' | 'deleted';
      seq: number;
      version: number;
    };
    ItemChanges: {
      items: components['schemas']['ItemChange'][];
    };
    ItemDetail: {
      createdAt: string;
      identifier: string;
      image: string | null;
      lastWrite: {
        /** @description null when the funnel is gone */
        endpointUrl: string | null;
        funnelId: string;
        funnelName: string | null;
        /** @description When the request that wrote it was received */
        receivedAt: string;
        /** @description null once the history has let the request go */
        recordId: string | null;
        requestId: string | null;
      };
      name: string | null;
      parent: string | null;
      properties: {
        [key: string]: unknown;
      };
      updatedAt: string;
      /** @description How many changes the item has had, its creation included */
      version: number;
    };
    ItemPage: {
      items: components['schemas']['Item'][];
      nextCursor: string | null;
    };
    ItemRequest: {
      dryRun: boolean;
      /** @description The endpoint URL the request was sent to */
      endpointUrl: string;
      message: string;
      /** @enum {string} */
      method: 'POST' | 'DELETE';
      /**
       * @description What the request did to this item
       * @enum {string}
       */
      outcome: 'written' | 'deleted' | 'not-found' | 'failed' | 'named';
      receivedAt: string;
      recordId: string;
      requestId: string;
      /** @enum {string} */
      status: 'success' | 'partial' | 'error' | 'queued' | 'processing';
      syncCommit: boolean;
    };
    ItemRequests: {
      items: components['schemas']['ItemRequest'][];
    };
    Limits: {
      /** @description A request's body size, after decompression */
      maxBodyBytes: number;
      /** @description Items (POST) or identifiers (DELETE) in one request */
      maxItems: number;
      /** @description Funnel requests per token per minute */
      rateLimitPerMinute: number;
      /** @description Reads (GET) per token, or per user for the console, per minute */
      readRateLimitPerMinute: number;
    };
    /** @description Lower-cases a string, or each string of an array (locale-independent). Other values are left as they are. */
    LowercaseTransform: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      op: 'lowercase';
    };
    MappingTargetView: {
      label: string;
      multiple: boolean;
      target:
        | {
            /** @enum {string} */
            system: 'identifier' | 'name' | 'image' | 'parent';
          }
        | {
            property: string;
          };
      /** @description The type of value the target takes */
      type: string;
    };
    Me: {
      tenant: string;
      token: {
        abilities: ('read' | 'create' | 'update' | 'delete')[];
        expiresAt: string | null;
        id: string;
        name: string;
      };
      user: {
        email: string;
        id: string;
        name: string | null;
        permissions: ('manage_funnels' | 'manage_settings')[];
      };
    };
    /** @description Reads a string as a decimal number: optional sign, digits, a dot for decimals, an optional exponent (`" 12.5 "`, `"-3"`, `"1e3"`); white space around it is ignored, and a string of white space only is no value. A number stays as it is; an array has each element read. Anything else (`"12,5"`, `"abc"`, `true`, an object, a number too large to be finite) fails the item under the field. */
    NumberTransform: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      op: 'number';
    };
    PathSuggestion: {
      /** @description The label errors of this target are keyed by */
      label: string;
      /** @description How alike the names are, 0 to 1 */
      score: number;
      target:
        | {
            /** @enum {string} */
            system: 'identifier' | 'name' | 'image' | 'parent';
          }
        | {
            property: string;
          };
    };
    Redrive: {
      cancelRequested: boolean;
      createdAt: string;
      dryRun: boolean;
      endpointUrl: string;
      /** @description Sent, and failed again */
      failed: number;
      finishedAt: string | null;
      /** @description Why it failed */
      message: string | null;
      /** @description Sent, and some of their items failed again */
      partial: number;
      /** @description The history of the requests it sent: the funnel's history filtered by it */
      records: string;
      redriveId: string;
      requestId: string;
      /** @description Sent so far */
      sent: number;
      since: string | null;
      /** @description Not sent: their payload cannot be had */
      skipped: number;
      /** @description The skipped ones, by reason */
      skippedBy: {
        /** @description Kept, and pruned since (`HISTORY_PAYLOAD_DAYS`) */
        gone: number;
        /** @description Not kept whole when recorded */
        'not-kept': number;
      };
      startedAt: string | null;
      /** @enum {string} */
      state: 'queued' | 'running' | 'finished' | 'failed' | 'cancelled';
      succeeded: number;
      syncId: string | null;
      /** @description The failed requests to send, counted when it was asked for */
      total: number;
      until: string;
    };
    RedrivePage: {
      items: components['schemas']['Redrive'][];
      nextCursor: string | null;
    };
    RedriveRequest: {
      /**
       * @description Send each as a dry run: validated, recorded, nothing written
       * @default false
       */
      dryRun: boolean;
      /**
       * Format: date-time
       * @description Re-drive the failed requests received at or after this time (not in the future)
       */
      since?: string;
      /** @description Re-drive the failed requests of this full sync instead (in place of `since`) */
      syncId?: string;
      /**
       * Format: date-time
       * @description ...and before this time (exclusive); default: when the re-drive is asked for
       */
      until?: string;
    };
    RotatedExport: {
      active: boolean;
      batchSize: number;
      contentTypes: string[];
      createdAt: string;
      /** @description The change `seq` up to which deliveries were formed */
      cursor: number;
      disabledReason: string | null;
      events: ('created' | 'updated' | 'deleted')[];
      failingSince: string | null;
      id: string;
      name: string;
      /** @description Formed and not yet answered with a 2xx */
      pendingDeliveries: number;
      /** @description During a rotation: until when the replaced secret still signs */
      previousSecretExpiresAt: string | null;
      replay: {
        next: number;
        to: number;
      } | null;
      resync: {
        finishedAt: string | null;
        itemsFormed: number;
        /** @description Items of the export's content types when the resync began reading them; null until the worker has counted them */
        itemsTotal: number | null;
        startedAt: string;
        /** @enum {string} */
        state: 'running' | 'done';
      } | null;
      /** @description The new secret; shown this once only */
      secret: string;
      /** @enum {string} */
      state: 'active' | 'paused' | 'disabled';
      updatedAt: string;
      url: string;
    };
    SignedIn: {
      /** @description When the session ends at the latest, however much it is used */
      endsAt: string;
      tenant: string;
      user: {
        email: string;
        id: string;
        name: string | null;
      };
    };
    SignIn: {
      /** Format: email */
      email: string;
      password: string;
      /** @description The tenant (account) the person belongs to */
      tenant: string;
    };
    /** @description Splits a string at each `separator` into an array of its parts, each trimmed of white space, empty parts left out (`"red, green,,blue"` gives `["red","green","blue"]`). Other values, arrays included, are left as they are. */
    SplitTransform: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      op: 'split';
      /** @example , */
      separator: string;
    };
    SuggestedPaths: {
      items: {
        path: string;
        /** @description Up to 3 targets whose names are most like the path, best first */
        suggestions: components['schemas']['PathSuggestion'][];
        /** @enum {string} */
        type: 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';
      }[];
      nextCursor: null;
      targets: components['schemas']['MappingTargetView'][];
    };
    SuggestedPathsRequest: {
      contentType: string;
      requestData:
        | {
            [key: string]: unknown;
          }
        | {
            [key: string]: unknown;
          }[];
    };
    Sync: {
      commit: {
        deleted: number;
        finishedAt: string | null;
        httpStatus: number | null;
        message: string | null;
        receivedAt: string;
        requestId: string;
        toDelete: number | null;
      } | null;
      contentType: string;
      endpointUrl: string;
      expiresAt: string;
      /** @description Identifiers they named, repeats counted */
      namedIdentifiers: number;
      /** @description Requests that named identifiers to the sync */
      requests: number;
      startedAt: string;
      startSequence: number;
      /** @enum {string} */
      state: 'open' | 'expired' | 'committing' | 'committed';
      syncId: string;
    };
    /** @description Exactly one of `maxDeletes` and `maxDeletePercent` */
    SyncCommit: {
      /** @description `true`: answer what it would delete, in pages; delete nothing. The same as the query parameter `dryRun`; given in both, they must agree (else 400) */
      dryRun?: boolean;
      /** @description The most it may delete, as a share of the items this funnel wrote */
      maxDeletePercent?: number;
      /** @description The most items the commit may delete */
      maxDeletes?: number;
    } & (unknown | unknown);
    SyncCommitAnswer: {
      data?: {
        allowed?: number;
        deleted?: number;
        recordId?: string;
        state?: string;
        syncId: string;
        wouldDelete?: number;
      };
      message: string;
      /** @enum {string} */
      status: 'success' | 'error';
    };
    SyncCommitPreview: {
      allowed: number;
      /** @enum {boolean} */
      dryRun: true;
      /** @description Items this funnel wrote, of which a percentage is */
      funnelItems: number;
      /** @description Identifiers it would delete, in order, one page */
      items: string[];
      nextCursor: string | null;
      syncId: string;
      withinLimit: boolean;
      wouldDelete: number;
    };
    SyncPage: {
      /** @description The funnel's syncs in each state, whatever the filter */
      counts: {
        committed: number;
        committing: number;
        expired: number;
        open: number;
      };
      items: components['schemas']['Sync'][];
      nextCursor: string | null;
    };
    Token: {
      abilities: ('read' | 'create' | 'update' | 'delete')[];
      createdAt: string;
      expiresAt: string | null;
      id: string;
      lastUsedAt: string | null;
      name: string;
      revokedAt: string | null;
      userId: string;
    };
    /** @description Removes white space at both ends of a string, or of each string of an array. Other values are left as they are. */
    TrimTransform: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      op: 'trim';
    };
    /** @description Upper-cases a string, or each string of an array (locale-independent). Other values are left as they are. */
    UppercaseTransform: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      op: 'uppercase';
    };
    User: {
      active: boolean;
      createdAt: string;
      email: string;
      id: string;
      name: string | null;
      permissions: ('manage_funnels' | 'manage_settings')[];
    };
    /** @description One step applied to a mapped value. */
    ValueTransform:
      | components['schemas']['TrimTransform']
      | components['schemas']['LowercaseTransform']
      | components['schemas']['UppercaseTransform']
      | components['schemas']['NumberTransform']
      | components['schemas']['SplitTransform']
      | components['schemas']['DefaultTransform'];
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
