import { describe, expect, it } from 'vitest';
import { IMAGE_BUSY_MESSAGE, IMAGE_JOBS_AT_ONCE, IMAGE_QUEUE_MAX, imageQueueState, inImageQueue } from '~/services/image-queue.server';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the image queue', () => {
  it('processes one image at a time, in order, and refuses one more than it can hold with a Korean message', async () => {
    let atOnce = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const job = (n: number) =>
      inImageQueue(async () => {
        atOnce++;
        most = Math.max(most, atOnce);
        await new Promise<void>((r) => releases.push(r));
        order.push(n);
        atOnce--;
        return n;
      });
    const jobs = Array.from({ length: IMAGE_JOBS_AT_ONCE + IMAGE_QUEUE_MAX }, (_, n) => job(n));
    await tick();
    expect(imageQueueState()).toEqual({ running: IMAGE_JOBS_AT_ONCE, waiting: IMAGE_QUEUE_MAX });
    await expect(inImageQueue(async () => 'one too many')).rejects.toMatchObject({
      code: 'IMAGE_BUSY',
      status: 503,
      message: IMAGE_BUSY_MESSAGE,
    });
    while (order.length < jobs.length) {
      releases.shift()?.();
      await tick();
    }
    expect(await Promise.all(jobs)).toEqual(order);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(most).toBe(IMAGE_JOBS_AT_ONCE);
    expect(imageQueueState()).toEqual({ running: 0, waiting: 0 });
  });

  it('passes the turn on when an image fails', async () => {
    const failing = inImageQueue(async () => {
      await tick();
      throw new Error('not an image');
    });
    const next = inImageQueue(async () => 'next');
    await expect(failing).rejects.toThrow('not an image');
    expect(await next).toBe('next');
    expect(imageQueueState()).toEqual({ running: 0, waiting: 0 });
  });
});
