import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_PIXELS_MESSAGE, MAX_IMAGE_PIXELS, processNoteImage, processProfileImage } from '~/services/images.server';

// One pixel cap for every image (note images and profile pictures), checked from the header before decoding.
describe('the pixel cap', () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();

  it('is 24 megapixels for both kinds of upload', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(24_000_000);
    const over = await png(7000, 7000); // 49 megapixels, a small file
    expect(over.byteLength).toBeLessThan(5 * 1024 * 1024);
    for (const process of [processNoteImage, processProfileImage]) {
      await expect(process(over)).rejects.toMatchObject({ status: 413, message: IMAGE_PIXELS_MESSAGE });
    }
    const justOver = await png(6000, 4001);
    await expect(processNoteImage(justOver)).rejects.toMatchObject({ status: 413 });
    await expect(processProfileImage(justOver)).rejects.toMatchObject({ status: 413 });
  });

  it('takes an ordinary photo', async () => {
    const photo = await png(1200, 900);
    expect((await processNoteImage(photo)).width).toBe(1200);
    expect((await processProfileImage(photo)).byteLength).toBeGreaterThan(0);
  });
});
