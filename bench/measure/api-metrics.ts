/**
 * The API's Prometheus metrics, as the bench reads them between two moments: a sample's value,
 * summed over its label sets (the bench's requests all go to one funnel, or a few).
 */

export type MetricsText = string;

export async function readMetrics(baseUrl: string): Promise<MetricsText> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  return response.text();
}

/** `name`'s value, or the sum of its values over every label set; 0 when absent. */
export function sampleSum(metrics: MetricsText, name: string): number {
  let sum = 0;
  for (const line of metrics.split('\n')) {
    if (line.startsWith(`${name} `) || line.startsWith(`${name}{`)) {
      sum += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return sum;
}
