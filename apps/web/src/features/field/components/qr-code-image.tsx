import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type * as QrLibraryModule from 'qrcode';

type QrLibrary = typeof QrLibraryModule;

/** The printed size of a code: large enough for a phone's camera at arm's length. */
export const QR_SIZE_PX = 96;

/**
 * The QR library, fetched once and only by the page that prints codes: it is not in the bundle of
 * any other screen (issue #32 keeps the field screens small).
 */
let library: Promise<QrLibrary> | null = null;
const loadQrLibrary = () => (library ??= import('qrcode'));

/** `text` as an SVG QR code, drawn in the browser (the server sends only the text). */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const qrcode = await loadQrLibrary();
  const svg = await qrcode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export interface QrCodeImageProps {
  text: string;
  alt: string;
  failedText: string;
}

/** One QR code as an image; a blank square of the same size while it is drawn. */
export function QrCodeImage({ text, alt, failedText }: QrCodeImageProps) {
  const [state, setState] = useState<{ text: string; src: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    qrSvgDataUrl(text).then(
      (src) => live && setState({ text, src, failed: false }),
      (error: unknown) => {
        console.error('Drawing a QR code failed', error);
        if (live) setState({ text, src: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [text]);
  const current = state?.text === text ? state : null;
  if (current?.failed) {
    return (
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {failedText}
      </Typography>
    );
  }
  return current?.src ? (
    <Box
      component="img"
      src={current.src}
      alt={alt}
      width={QR_SIZE_PX}
      height={QR_SIZE_PX}
      sx={{ display: 'block', width: QR_SIZE_PX, height: QR_SIZE_PX }}
    />
  ) : (
    <Box sx={{ width: QR_SIZE_PX, height: QR_SIZE_PX }} aria-hidden />
  );
}
