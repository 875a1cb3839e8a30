import { WaitingChildrenError, type Job } from 'bullmq';
import { WorkerMetrics } from '../../../worker/metrics/worker-metrics';

const job = (name: string) => ({ name }) as Job;

describe('worker metrics of job attempts', () => {
  it('when attempts complete, fail and park, then each is counted under its outcome', async () => {
    const metrics = new WorkerMetrics(4);
    const completes = metrics.measure(() => Promise.resolve('ok'));
    const fails = metrics.measure(() => Promise.reject(new Error('boom')));
    const parks = metrics.measure(() => Promise.reject(new WaitingChildrenError()));
    await expect(completes(job('ingest'))).resolves.toBe('ok');
    await expect(fails(job('ingest'))).rejects.toThrow('boom');
    await expect(parks(job('ingest'))).rejects.toBeInstanceOf(WaitingChildrenError);
    await expect(completes(job('no-such-job'))).resolves.toBe('ok');
    const text = await metrics.registry.metrics();
    expect(text).toContain('funnel_sync_worker_jobs_total{job="ingest",outcome="completed"} 1');
    expect(text).toContain('funnel_sync_worker_jobs_total{job="ingest",outcome="failed"} 1');
    expect(text).toContain('funnel_sync_worker_jobs_total{job="ingest",outcome="parked"} 1');
    expect(text).toContain('funnel_sync_worker_jobs_total{job="unknown",outcome="completed"} 1');
    expect(text).toContain('funnel_sync_worker_job_seconds_count{job="ingest",outcome="failed"} 1');
  });

  it('when two of four slots are busy, then the busy ratio is 0.5, and 0 once they end', async () => {
    const metrics = new WorkerMetrics(4);
    const releases: (() => void)[] = [];
    const started: Promise<unknown>[] = [];
    const slow = metrics.measure(() => new Promise<void>((resolve) => releases.push(resolve)));
    started.push(slow(job('ingest')), slow(job('ingest')));
    const busy = await metrics.registry.getSingleMetricAsString('funnel_sync_worker_busy_ratio');
    expect(busy).toMatch(/^funnel_sync_worker_busy_ratio 0\.5$/m);
    releases.forEach((release) => release());
    await Promise.all(started);
    const idle = await metrics.registry.getSingleMetricAsString('funnel_sync_worker_busy_ratio');
    expect(idle).toMatch(/^funnel_sync_worker_busy_ratio 0$/m);
  });
});
