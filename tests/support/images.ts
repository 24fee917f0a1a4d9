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

/** A picture whose left half is red and right half blue: where a cut was made shows in its pixels. */
export async function makeTwoColourImage(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const half = Math.floor(width / 2);
  const blue = await sharp({
    create: { width: width - half, height, channels: 3, background: { r: 0, g: 0, b: 255 } },
  })
    .png()
    .toBuffer();
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([{ input: blue, left: half, top: 0 }])
    .png()
    .toBuffer();
  return new Uint8Array(buffer);
}

/** The colour of one pixel of an encoded picture, as [r, g, b]. */
export async function pixelAt(bytes: Uint8Array, x: number, y: number): Promise<number[]> {
  const raw = await sharp(bytes).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
  return [...raw];
}
