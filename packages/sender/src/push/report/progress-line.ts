/** One line of progress: items, rate, failures, and the ETA when the input's size is known. */
import type { PushEvent } from './push-events';

type Progress = Extract<PushEvent, { event: 'progress' }>;

export function progressLine(progress: Progress, barWidth?: number): string {
  const parts = [
    `${progress.sent} items sent`,
    `${progress.imported} imported`,
    `${progress.failed} failed`,
    `${Math.round(progress.itemsPerSecond)} items/s`,
  ];
  if (progress.retries > 0) parts.push(`${progress.retries} retries`);
  if (progress.etaSeconds !== undefined) parts.push(`ETA ${duration(progress.etaSeconds)}`);
  const text = parts.join(', ');
  if (barWidth === undefined || progress.fraction === undefined) return text;
  const filled = Math.round(Math.min(1, progress.fraction) * barWidth);
  const percent = `${Math.floor(progress.fraction * 100)}%`.padStart(4);
  return `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ${percent} ${text}`;
}

export function duration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole}s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes}m${String(whole % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}
