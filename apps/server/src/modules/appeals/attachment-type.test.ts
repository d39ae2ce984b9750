import { describe, expect, it } from 'vitest';
import { attachmentTypeOf, downloadName } from './attachment-type.ts';

describe('attachment type by content', () => {
  it('knows PDF, PNG and JPEG by their first bytes and nothing else', () => {
    expect(attachmentTypeOf(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(attachmentTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(attachmentTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(attachmentTypeOf(Buffer.from('%PDF'))).toBeNull();
    expect(attachmentTypeOf(Buffer.from('<html><body>%PDF-</body></html>'))).toBeNull();
    expect(attachmentTypeOf(Buffer.from('MZ\x90\x00'))).toBeNull();
    expect(attachmentTypeOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBeNull();
    expect(attachmentTypeOf(Buffer.alloc(0))).toBeNull();
  });

  it('names a download with safe characters and the extension of its judged type', () => {
    expect(downloadName('letter from HR.pdf', 'application/pdf')).toBe('letter_from_HR.pdf');
    expect(downloadName('a"b\r\nSet-Cookie: x.html', 'application/pdf')).toBe('a_b_Set-Cookie_x.pdf');
    expect(downloadName('Ọ̀yọ́ photo.jpeg', 'image/jpeg')).toBe('Oyo_photo.jpg');
    expect(downloadName('...', 'image/png')).toBe('attachment.png');
  });
});
