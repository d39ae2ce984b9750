import { expect, type Locator } from '@playwright/test';
import jsQR from 'jsqr';

/**
 * The text of a QR code drawn on the page, read as a phone's camera would: the image painted on a
 * white canvas in the browser, its pixels decoded here by jsQR.
 */
export async function readQrCode(image: Locator): Promise<string> {
  await expect(image).toBeVisible();
  const { width, height, data } = await image.evaluate(async (element) => {
    const img = element as HTMLImageElement;
    await img.decode();
    const size = 320;
    const pad = 32;
    const canvas = document.createElement('canvas');
    canvas.width = size + 2 * pad;
    canvas.height = size + 2 * pad;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingEnabled = false;
    context.drawImage(img, pad, pad, size, size);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) };
  });
  const code = jsQR(Uint8ClampedArray.from(data), width, height);
  expect(code, 'the QR code reads').not.toBeNull();
  return code!.data;
}
