import { describe, expect, it } from 'vitest';
import { PushDevices } from './push-devices.ts';

/** A list read from a "database" the test controls, with reads that end when the test says. */
function devicesOn(stored: number[]) {
  const reads: (() => void)[] = [];
  const devices = new PushDevices(
    () =>
      new Promise((resolve) => {
        const snapshot = [...stored];
        reads.push(() => resolve(snapshot));
      }),
  );
  const told: string[] = [];
  devices.connect((id) => told.push(id));
  return { devices, reads, told };
}

describe('push devices', () => {
  it('knows the users with devices after a read, and only them', async () => {
    const { devices, reads } = devicesOn([1, 2]);
    const loaded = devices.reload();
    reads.shift()!();
    await loaded;
    expect(devices.withDevices([1, 2, 3])).toEqual([1, 2]);
  });

  it('adds a user at once and tells the other instances, unless told by one', () => {
    const { devices, told } = devicesOn([]);
    devices.add(7);
    devices.add(8, true);
    expect(devices.withDevices([7, 8, 9])).toEqual([7, 8]);
    expect(told).toEqual(['7']);
  });

  it('keeps a user added while a read runs, though the read began before the device was stored', async () => {
    const stored = [1];
    const { devices, reads } = devicesOn(stored);
    const loaded = devices.reload();
    stored.push(5);
    devices.add(5);
    reads.shift()!();
    await loaded;
    expect(devices.withDevices([1, 5])).toEqual([1, 5]);
  });

  it('drops on the next read a user whose devices are all gone', async () => {
    const stored = [1, 2];
    const { devices, reads } = devicesOn(stored);
    let loaded = devices.reload();
    reads.shift()!();
    await loaded;
    stored.splice(0, 1);
    loaded = devices.reload();
    reads.shift()!();
    await loaded;
    expect(devices.withDevices([1, 2])).toEqual([2]);
  });
});
