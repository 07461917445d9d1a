/**
 * The enterprise's electronic seal on a signed contract: a round red seal drawn with pdfkit's vector
 * paths — a ring, a five-pointed star, the enterprise name set along the upper arc and 合同专用章
 * below the star — so no image file is needed and it stays sharp at any zoom. It is a visible mark
 * of the signature; the evidence is the signature record and the hashes beside it.
 */
export const SEAL_RED = '#d4221d';

const DEG = Math.PI / 180;

/** Points of a five-pointed star centred on (cx, cy), first point straight up. */
function starPoints(cx: number, cy: number, outer: number): [number, number][] {
  const inner = outer * 0.382;
  return Array.from({ length: 10 }, (_, k) => {
    const r = k % 2 === 0 ? outer : inner;
    const a = -90 * DEG + k * 36 * DEG;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });
}

/**
 * Draws the seal centred on (cx, cy) with radius r (points). The name's characters are spread over
 * an arc that widens with their number (up to 270°) and shrink when there are many, so names from
 * four to fifty characters fit inside the ring.
 */
export function drawSeal(doc: PDFKit.PDFDocument, name: string, cx: number, cy: number, r: number, caption = '合同专用章'): void {
  const ring = r * 0.055;
  const chars = [...name.trim()];
  const arc = Math.min(270, Math.max(150, chars.length * 24)) * DEG;
  const textRadius = r - ring - r * 0.2;
  // Character size: what the arc gives each character, within the ring's band.
  const fontSize = Math.max(4, Math.min(r * 0.27, ((arc * textRadius) / Math.max(chars.length, 1)) * 0.9));

  doc.save();
  doc.fillColor(SEAL_RED, 0.88).strokeColor(SEAL_RED, 0.88);
  doc
    .circle(cx, cy, r - ring / 2)
    .lineWidth(ring)
    .stroke();
  doc.polygon(...starPoints(cx, cy, r * 0.26)).fill();

  doc.font('bold').fontSize(fontSize);
  const lineHeight = doc.currentLineHeight();
  const step = arc / Math.max(chars.length, 1);
  chars.forEach((ch, k) => {
    // Clockwise from the lower left over the top; pdfkit's y axis points down, so -90° is "up".
    const a = -90 * DEG - arc / 2 + step * (k + 0.5);
    const x = cx + textRadius * Math.cos(a);
    const y = cy + textRadius * Math.sin(a);
    doc.save();
    doc.rotate(a / DEG + 90, { origin: [x, y] });
    doc.text(ch, x - fontSize, y - lineHeight / 2, { width: fontSize * 2, align: 'center', lineBreak: false });
    doc.restore();
  });

  const captionSize = r * 0.17;
  doc.font('bold').fontSize(captionSize);
  doc.text(caption, cx - r, cy + r * 0.36, { width: r * 2, align: 'center', lineBreak: false, characterSpacing: captionSize * 0.1 });
  doc.restore();
}
