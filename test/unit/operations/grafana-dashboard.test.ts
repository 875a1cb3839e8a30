/**
 * The Grafana dashboard (deploy/grafana/funnel-sync-dashboard.json) and the alert examples of
 * docs/operations.md query only metrics the API and the workers register, with labels they have: renaming a
 * metric or a label in the code breaks this test instead of a dashboard nobody looks at until an
 * incident.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Histogram, Summary } from 'prom-client';
import { ApiMetrics } from '../../../api/metrics/api-metrics';
import type { FunnelQueue } from '../../../core/queue/funnel-queue';
import { ExportMetrics } from '../../../worker/metrics/export-metrics';
import { WorkerMetrics } from '../../../worker/metrics/worker-metrics';

const ROOT = path.join(__dirname, '..', '..', '..');
const DASHBOARD = path.join(ROOT, 'deploy', 'grafana', 'funnel-sync-dashboard.json');
const DATASOURCE = { type: 'prometheus', uid: '${DS_PROMETHEUS}' };
/** Labels Prometheus adds to every scraped series. */
const TARGET_LABELS = ['instance', 'job'];

interface Target {
  expr: string;
  datasource?: unknown;
}
interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: unknown;
  gridPos: { x: number; y: number; w: number; h: number };
  targets?: Target[];
}
interface Dashboard {
  __inputs: { name: string; type: string; pluginId: string }[];
  panels: Panel[];
  templating: { list: { name: string; datasource?: unknown; query: { query: string } }[] };
}

/** Every series name the API and a worker expose at /metrics, with the labels it carries. */
function exposedSeries(): Map<string, Set<string>> {
  // The gauges ask the queue only when scraped, and nothing scrapes here.
  const api = new ApiMetrics({} as FunnelQueue, { maxFunnels: 1 });
  const worker = new WorkerMetrics(1);
  // The export's lag gauge reads MongoDB only when scraped: a stand-in that is never asked.
  new ExportMetrics(worker.registry, { read: () => Promise.resolve(new Map()) } as never);
  const series = new Map<string, Set<string>>();
  const metrics = [...api.registry.getMetricsAsArray(), ...worker.registry.getMetricsAsArray()];
  for (const metric of metrics) {
    const labels = (metric as { labelNames?: readonly string[] }).labelNames ?? [];
    const add = (name: string, extra: string[] = []) =>
      series.set(name, new Set([...labels, ...extra, ...TARGET_LABELS]));
    if (metric instanceof Histogram) {
      add(`${metric.name}_bucket`, ['le']);
      add(`${metric.name}_sum`);
      add(`${metric.name}_count`);
    } else if (metric instanceof Summary) {
      add(metric.name, ['quantile']);
      add(`${metric.name}_sum`);
      add(`${metric.name}_count`);
    } else {
      add(metric.name);
    }
  }
  return series;
}

const METRIC = /\bfunnel_sync_[a-zA-Z0-9_]+/g;
const SELECTOR = /\b(funnel_sync_[a-zA-Z0-9_]+)\{([^}]*)\}/g;
const GROUPING = /\b(?:by|without)\s*\(([^)]*)\)/g;

/** Problems of one PromQL expression: unknown metrics, and labels its metrics do not have. */
function expressionProblems(expr: string, series: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  const used = [...new Set(expr.match(METRIC) ?? [])];
  for (const name of used) {
    if (!series.has(name)) problems.push(`unknown metric ${name} in: ${expr}`);
  }
  for (const [, name = '', matchers = ''] of expr.matchAll(SELECTOR)) {
    for (const matcher of matchers.split(',').filter((part) => part.trim() !== '')) {
      const label = matcher.split(/[=!~]/)[0]?.trim() ?? '';
      if (!series.get(name)?.has(label)) problems.push(`${name} has no label ${label}`);
    }
  }
  const known = new Set(used.flatMap((name) => [...(series.get(name) ?? [])]));
  for (const [, labels = ''] of expr.matchAll(GROUPING)) {
    for (const label of labels.split(',').map((part) => part.trim())) {
      if (label !== '' && !known.has(label)) problems.push(`no metric of it has ${label}: ${expr}`);
    }
  }
  return problems;
}

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
  const series = exposedSeries();
  const panels = dashboard.panels.filter((panel) => panel.type !== 'row');
  const expressions = [
    ...panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
    ...dashboard.templating.list.map((variable) => variable.query.query),
  ];

  it('asks for a Prometheus data source as ${DS_PROMETHEUS} on import, and every query uses it', () => {
    expect(dashboard.__inputs).toEqual([
      expect.objectContaining({
        name: 'DS_PROMETHEUS',
        type: 'datasource',
        pluginId: 'prometheus',
      }),
    ]);
    for (const panel of panels) {
      expect({ panel: panel.title, datasource: panel.datasource }).toEqual({
        panel: panel.title,
        datasource: DATASOURCE,
      });
      for (const target of panel.targets ?? []) expect(target.datasource).toEqual(DATASOURCE);
    }
    for (const variable of dashboard.templating.list)
      expect(variable.datasource).toEqual(DATASOURCE);
  });

  it('queries only metrics the API and the workers register, with labels they have', () => {
    expect(expressions.length).toBeGreaterThan(10);
    expect(expressions.flatMap((expr) => expressionProblems(expr, series))).toEqual([]);
  });

  it('shows every funnel-sync metric of the API and of the workers', () => {
    const used = new Set(expressions.flatMap((expr) => expr.match(METRIC) ?? []));
    const own = [
      'funnel_sync_requests_total',
      'funnel_sync_items_total',
      'funnel_sync_queue_wait_seconds_bucket',
      'funnel_sync_processing_seconds_bucket',
      'funnel_sync_queue_jobs',
      'funnel_sync_request_group_size_count',
      'funnel_sync_workers',
      'funnel_sync_worker_jobs_total',
      'funnel_sync_worker_job_seconds_bucket',
      'funnel_sync_worker_busy_ratio',
      'funnel_sync_worker_process_resident_memory_bytes',
      'funnel_sync_worker_nodejs_eventloop_lag_p99_seconds',
      'funnel_sync_export_deliveries_total',
      'funnel_sync_export_delivery_seconds_bucket',
      'funnel_sync_export_lag_seconds',
    ];
    expect(own.filter((name) => !used.has(name))).toEqual([]);
  });

  it('takes p50 and p95 of the histograms from their buckets by le', () => {
    const quantiles = expressions.filter((expr) => expr.includes('histogram_quantile'));
    expect(quantiles.length).toBe(8);
    for (const expr of quantiles) {
      expect(expr).toMatch(/^histogram_quantile\(0\.(5|95), sum by \(le\) \(rate\(\w+_bucket\{/);
    }
  });

  it('has panels with distinct ids that fit the 24-column grid', () => {
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { gridPos } of dashboard.panels) {
      expect(gridPos.x + gridPos.w).toBeLessThanOrEqual(24);
    }
  });

  it('when an expression names a metric the code lacks, then the check reports it', () => {
    expect(expressionProblems('sum(rate(funnel_sync_requests[5m]))', series)).toEqual([
      'unknown metric funnel_sync_requests in: sum(rate(funnel_sync_requests[5m]))',
    ]);
    expect(expressionProblems('funnel_sync_workers{state="x"}', series)).toEqual([
      'funnel_sync_workers has no label state',
    ]);
    const byTenant = 'sum by (tenant) (rate(funnel_sync_requests_total[5m]))';
    expect(expressionProblems(byTenant, series)).toEqual([
      `no metric of it has tenant: ${byTenant}`,
    ]);
  });
});

describe('the alert examples of the operations page', () => {
  const readme = readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
  const blocks = [...readme.matchAll(/```promql\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');

  it('query only metrics the API and the workers register, with labels they have', () => {
    const series = exposedSeries();
    const expressions = blocks
      .flatMap((block) => block.split('\n'))
      .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
    expect(expressions.length).toBeGreaterThan(0);
    expect(expressions.flatMap((expr) => expressionProblems(expr, series))).toEqual([]);
  });
});
