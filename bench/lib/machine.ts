// The machine a run measured, printed above its table: figures only compare across runs on the same
// kind of machine, and the load average says how busy it was with other work meanwhile.
import os from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memory: string;
  node: string;
  os: string;
  loadAverage: string;
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB`,
    node: process.version,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    loadAverage: loadAverage(),
  };
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
}
