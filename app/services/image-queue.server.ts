import sharp from 'sharp';
import { boundedQueue } from '~/lib/bounded-queue.server';
import { DomainError } from '~/lib/errors';

// Image work apart from the pages (docs/decisions/032-image-queue.md). Decoding, resizing and re-encoding an upload
// (images.server.ts) runs on one of libuv's four threads, the ones that also compress pages (gzip) and read and write
// files. A class posting photos at once used to take all four, and every page waited behind the photos. Here image
// work takes its turn in a queue of its own: one image at a time per process (on one libvips thread), up to
// IMAGE_QUEUE_MAX waiting; one more is refused at once with a Korean message, not left to time out. Nothing waiting
// here holds a database connection: a service processes its image before it reads or writes anything.

/** Images processed at once in this process: one thread of the four; the others stay free for pages. */
export const IMAGE_JOBS_AT_ONCE = 1;
/** Images that may wait their turn: a class's burst (about 40 photos, a few seconds of work) and more. */
export const IMAGE_QUEUE_MAX = 60;

export const IMAGE_BUSY_MESSAGE = '지금 사진을 올리는 사람이 많아 처리하지 못했습니다. 잠시 후 다시 올려 주세요.';
export const imageBusyError = () => new DomainError('IMAGE_BUSY', IMAGE_BUSY_MESSAGE, 503);

// libvips's own threads for one image (its default is one per core): one, so that an image uses one core at most.
sharp.concurrency(1);

const queue = boundedQueue({ atOnce: IMAGE_JOBS_AT_ONCE, waitingMax: IMAGE_QUEUE_MAX, busy: imageBusyError });

/** What the queue holds now (for tests and the operators' health). */
export const imageQueueState = queue.state;

/**
 * Runs `work` (image processing) in its turn. Throws IMAGE_BUSY (503) at once when IMAGE_QUEUE_MAX images are already
 * waiting. The turn passes to the next image whether `work` succeeds or throws.
 */
export const inImageQueue = <T>(work: () => Promise<T>): Promise<T> => queue.run(work);
