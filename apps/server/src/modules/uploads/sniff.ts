/** What an uploaded file really is, by its first bytes — never by its name or declared content type. */
export type SniffedType = 'image/jpeg' | 'image/png' | 'application/pdf';

export const EXTENSIONS: Record<SniffedType, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'application/pdf': '.pdf' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type Sniffed = { ok: true; type: SniffedType } | { ok: false; message: string };

export function sniffFile(head: Buffer): Sniffed {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { ok: true, type: 'image/jpeg' };
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return { ok: true, type: 'image/png' };
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return { ok: true, type: 'application/pdf' };
  const executable =
    (head.length >= 2 && head[0] === 0x4d && head[1] === 0x5a) || // MZ: Windows PE
    (head.length >= 4 && head.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))) || // ELF
    (head.length >= 4 && [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(head.readUInt32BE(0))) || // Mach-O
    (head.length >= 2 && head[0] === 0x23 && head[1] === 0x21); // #! script
  if (executable) return { ok: false, message: '不允许上传可执行文件，请上传 JPG、PNG 或 PDF 格式的文件' };
  return { ok: false, message: '文件内容不是 JPG、PNG 或 PDF 格式（按文件内容识别，与扩展名无关），请重新选择' };
}
