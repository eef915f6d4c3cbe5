import fs from 'node:fs';
import { imageSize } from 'image-size';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * An image's intrinsic size, read from its file at build time, so a page reserves the image's place before it
 * loads (no layout shift). Undefined for a file whose size cannot be read (an SVG without width, height or viewBox).
 */
export function readImageSize(absPath: string): ImageSize | undefined {
  try {
    const { width, height } = imageSize(fs.readFileSync(absPath));
    return width && height ? { width: Math.round(width), height: Math.round(height) } : undefined;
  } catch {
    return undefined;
  }
}

/** The size as the build cache records an answer about it. */
export const imageSizeKey = (size: ImageSize | undefined): string => (size ? `${size.width}x${size.height}` : '');
