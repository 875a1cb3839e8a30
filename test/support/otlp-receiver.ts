/**
 * An OTLP/HTTP trace receiver on loopback for tracing tests: takes the JSON the OTLP exporter
 * posts to /v1/traces and keeps its spans, flattened, with their attributes as plain values.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string }[];
  service: unknown;
}

export interface OtlpReceiver {
  /** The URL to set as OTEL_EXPORTER_OTLP_TRACES_ENDPOINT. */
  tracesUrl: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpKeyValue {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpKeyValue[];
  links?: { traceId: string; spanId: string }[];
}
interface OtlpExport {
  resourceSpans: {
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const plain = (value: OtlpValue): unknown =>
  value.stringValue ??
  (value.intValue === undefined ? undefined : Number(value.intValue)) ??
  value.doubleValue ??
  value.boolValue;

const record = (attributes: OtlpKeyValue[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, plain(value)]));

function spansOf(body: OtlpExport): ReceivedSpan[] {
  return body.resourceSpans.flatMap((resource) => {
    const service = record(resource.resource?.attributes)['service.name'];
    return resource.scopeSpans.flatMap((scope) =>
      scope.spans.map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId || undefined,
        name: span.name,
        kind: span.kind,
        attributes: record(span.attributes),
        links: span.links ?? [],
        service,
      })),
    );
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      spans.push(...spansOf(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    tracesUrl: `http://127.0.0.1:${port}/v1/traces`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
