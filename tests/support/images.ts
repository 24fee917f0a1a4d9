// Real image bytes for upload tests, made with sharp (no binary fixtures in the repository).
import sharp from 'sharp';

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'avif';

export async function makeImage(
  options: { width?: number; height?: number; format?: ImageFormat } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const { width = 1200, height = 675, format = 'png' } = options;
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .toFormat(format)
    .toBuffer();
  return new Uint8Array(buffer);
}

export function fileOf(bytes: Uint8Array<ArrayBuffer>, name = 'cover.png', type = 'image/png'): File {
  return new File([bytes], name, { type });
}
