import { randomBytes } from 'node:crypto';
import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node';
import sharp from 'sharp';
import { NOTE_MESSAGES } from '~/domain/notes';
import { readLimited } from '~/lib/body-limit.server';
import { DomainError } from '~/lib/errors';

// Images of reading notes (architecture.md §5): the type is read from the file's CONTENT (never its name or the
// browser's content type), the size is limited, and what is stored is a re-encoded copy: rotated per EXIF, at most
// 1600 px on its longest side, with every metadata block (EXIF, GPS, ICC, XMP) left behind.

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 1600;
/** A multipart body may carry the image plus a few text fields. */
const MAX_BODY_BYTES = MAX_IMAGE_BYTES + 256 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Decompression bombs: refuse images above this many pixels before decoding them. */
const MAX_INPUT_PIXELS = 50_000_000;

export type ProcessedImage = { bytes: Buffer; contentType: 'image/jpeg' | 'image/webp'; extension: 'jpg' | 'webp'; width: number; height: number };

export const imageTypeError = () => new DomainError('NOTE_IMAGE_TYPE', NOTE_MESSAGES.imageType, 415);
export const imageSizeError = () => new DomainError('NOTE_IMAGE_TOO_LARGE', NOTE_MESSAGES.imageTooLarge, 413);

/**
 * Checks and re-encodes an uploaded image. Throws DomainError NOTE_IMAGE_TYPE for anything that is not a JPEG, PNG,
 * WebP or GIF by content (HTML, SVG, a renamed text file, a broken image), NOTE_IMAGE_TOO_LARGE above 10 MB.
 */
export async function processNoteImage(input: Uint8Array): Promise<ProcessedImage> {
  if (input.byteLength > MAX_IMAGE_BYTES) throw imageSizeError();
  if (input.byteLength === 0) throw imageTypeError();
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw imageTypeError();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw imageTypeError();
  try {
    // First frame only for animated GIF/WebP; rotate() applies the EXIF orientation; without withMetadata() sharp
    // writes no EXIF, GPS, XMP or ICC block.
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
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
    throw imageTypeError();
  }
}

/** A fresh storage key for the image of a student's note on one result book (known before the note row exists). */
export function noteImageKey(userId: number, resultBookId: number, extension: string) {
  return `notes/u${userId}/b${resultBookId}-${randomBytes(12).toString('hex')}.${extension}`;
}

/**
 * Parses a multipart form in memory with a 10 MB limit per part and on the whole body (counted as it arrives, so many
 * parts or a chunked body cannot fill the memory): a larger file or body becomes DomainError NOTE_IMAGE_TOO_LARGE (a
 * clear Korean message, not a crash). File fields come back as File.
 */
export async function parseNoteMultipart(request: Request): Promise<FormData> {
  try {
    return await readLimited(
      request,
      MAX_BODY_BYTES,
      (limited) =>
        unstable_parseMultipartFormData(
          limited,
          unstable_composeUploadHandlers(unstable_createMemoryUploadHandler({ maxPartSize: MAX_IMAGE_BYTES })),
        ),
      imageSizeError,
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw imageSizeError();
    throw error;
  }
}

/** The uploaded file of a form field, or null when none was chosen (an empty file input sends an empty part). */
export async function uploadedBytes(value: FormDataEntryValue | null): Promise<Uint8Array | null> {
  if (!value || typeof value === 'string') return null;
  if (value.size === 0 && !value.name) return null;
  if (value.size === 0) return null;
  return new Uint8Array(await value.arrayBuffer());
}

/** Whether the request is a multipart form (the API accepts JSON or multipart). */
export function isMultipart(request: Request) {
  return (request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data');
}
