/** The machine a run was measured on, as node:os sees it. */
import { cpus, release, totalmem, type } from 'node:os';

export interface MachineInfo {
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  os: string;
  node: string;
}

export function machineInfo(): MachineInfo {
  const cores = cpus();
  return {
    cores: cores.length,
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: `${type()} ${release()}`,
    node: process.version,
  };
}
