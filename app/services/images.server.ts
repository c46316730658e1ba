import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { NOTE_MESSAGES } from '~/domain/notes';
import { DomainError } from '~/lib/errors';
import { inImageQueue } from './image-queue.server';

// Uploaded images (architecture.md §5): reading-note images and profile pictures. The type is read from the file's
// CONTENT (never its name or the browser's content type), the size and the pixel count are limited before decoding,
// and what is stored is a re-encoded copy: rotated per EXIF, resized, with every metadata block (EXIF, GPS, ICC, XMP)
// left behind (sharp writes none without withMetadata()). Every image is read and re-encoded in its turn in the image
// queue (image-queue.server.ts), apart from the pages; a file over the size limit is refused before it waits.

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 1600;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_SIZE = 256;
/** One pixel cap for every uploaded image (note images and profile pictures): 24 megapixels, checked before decoding. */
export const MAX_IMAGE_PIXELS = 24_000_000;
export const IMAGE_PIXELS_MESSAGE = '이미지의 화소 수가 너무 많습니다. 2,400만 화소 이하의 이미지를 올려 주세요.';

export const PROFILE_IMAGE_MESSAGES = {
  imageType: 'JPG, PNG, WEBP 형식의 이미지만 올릴 수 있습니다.',
  imageTooLarge: '5MB 이하의 이미지만 올릴 수 있습니다.',
  imageMissing: '올릴 이미지 파일을 선택해 주세요.',
} as const;

export type ProcessedImage = {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/webp';
  extension: 'jpg' | 'webp';
  width: number;
  height: number;
};

/** What one kind of upload accepts, and the errors it answers. */
type ImageRule = { formats: string[]; maxBytes: number; maxPixels: number; typeError: () => DomainError; sizeError: () => DomainError };

export const imageTypeError = () => new DomainError('NOTE_IMAGE_TYPE', NOTE_MESSAGES.imageType, 415);
export const imageSizeError = () => new DomainError('NOTE_IMAGE_TOO_LARGE', NOTE_MESSAGES.imageTooLarge, 413);

const NOTE_IMAGE: ImageRule = {
  formats: ['jpeg', 'png', 'webp', 'gif'],
  maxBytes: MAX_IMAGE_BYTES,
  maxPixels: MAX_IMAGE_PIXELS,
  typeError: imageTypeError,
  sizeError: imageSizeError,
};

const PROFILE_IMAGE: ImageRule = {
  formats: ['jpeg', 'png', 'webp'],
  maxBytes: PROFILE_IMAGE_MAX_BYTES,
  maxPixels: MAX_IMAGE_PIXELS,
  typeError: () => new DomainError('INVALID_IMAGE', PROFILE_IMAGE_MESSAGES.imageType, 415),
  sizeError: () => new DomainError('IMAGE_TOO_LARGE', PROFILE_IMAGE_MESSAGES.imageTooLarge, 413),
};

/** Checks size and type by content; returns what sharp read of the header (nothing is decoded yet). */
async function checkImage(input: Uint8Array, rule: ImageRule) {
  if (input.byteLength > rule.maxBytes) throw rule.sizeError();
  if (input.byteLength === 0) throw rule.typeError();
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata(); // the header only; the cap is checked below
  } catch {
    throw rule.typeError();
  }
  if (!meta.format || !rule.formats.includes(meta.format)) throw rule.typeError();
  // The header's dimensions, before anything is decoded (an animated image counts every frame it would decode: one).
  if (!meta.width || !meta.height) throw rule.typeError();
  if (meta.width * meta.height > rule.maxPixels) throw new DomainError(rule.sizeError().code, IMAGE_PIXELS_MESSAGE, 413);
  return meta;
}

/**
 * A reading note's image: JPEG, PNG, WebP or GIF by content, at most 10 MB, stored at most 1600 px on its longest
 * side (JPEG, or WebP where it has transparency). Throws NOTE_IMAGE_TYPE or NOTE_IMAGE_TOO_LARGE.
 */
export async function processNoteImage(input: Uint8Array): Promise<ProcessedImage> {
  if (input.byteLength > NOTE_IMAGE.maxBytes) throw NOTE_IMAGE.sizeError();
  return inImageQueue(() => reencodeNoteImage(input));
}

async function reencodeNoteImage(input: Uint8Array): Promise<ProcessedImage> {
  const meta = await checkImage(input, NOTE_IMAGE);
  try {
    // First frame only for animated GIF/WebP; rotate() applies the EXIF orientation.
    const pipeline = sharp(input, { limitInputPixels: NOTE_IMAGE.maxPixels, pages: 1 })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    const transparent = Boolean(meta.hasAlpha);
    const { data, info } = transparent
      ? await pipeline.webp({ quality: 82 }).toBuffer({ resolveWithObject: true })
      : await pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: transparent ? 'image/webp' : 'image/jpeg',
      extension: transparent ? 'webp' : 'jpg',
      width: info.width,
      height: info.height,
    };
  } catch {
    throw NOTE_IMAGE.typeError();
  }
}

/** A profile picture: JPEG, PNG or WebP by content, at most 5 MB, stored as a 256×256 WebP. */
export async function processProfileImage(input: Uint8Array): Promise<Buffer> {
  if (input.byteLength === 0) throw new DomainError('IMAGE_MISSING', PROFILE_IMAGE_MESSAGES.imageMissing, 400);
  if (input.byteLength > PROFILE_IMAGE.maxBytes) throw PROFILE_IMAGE.sizeError();
  return inImageQueue(async () => {
    await checkImage(input, PROFILE_IMAGE);
    try {
      return await sharp(input, { limitInputPixels: PROFILE_IMAGE.maxPixels })
        .rotate()
        .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw PROFILE_IMAGE.typeError();
    }
  });
}

/** The most a book cover keeps: 400×560 (the cards show it at 200×280 on high-density screens at most). */
export const COVER_WIDTH = 400;
export const COVER_HEIGHT = 560;

/** A book cover uploaded in the catalogue: the note images' rules by content and size, re-encoded as a JPEG. */
export async function processCoverImage(input: Uint8Array): Promise<Buffer> {
  if (input.byteLength > NOTE_IMAGE.maxBytes) throw NOTE_IMAGE.sizeError();
  return inImageQueue(async () => {
    await checkImage(input, NOTE_IMAGE);
    try {
      return await sharp(input, { limitInputPixels: NOTE_IMAGE.maxPixels, pages: 1 })
        .rotate()
        .resize({ width: COVER_WIDTH, height: COVER_HEIGHT, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer();
    } catch {
      throw NOTE_IMAGE.typeError();
    }
  });
}

/** A fresh storage key for the image of a student's note on one result book (known before the note row exists). */
export function noteImageKey(userId: number, resultBookId: number, extension: string) {
  return `notes/u${userId}/b${resultBookId}-${randomBytes(12).toString('hex')}.${extension}`;
}
