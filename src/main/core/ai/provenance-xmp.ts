// XMP in a JPEG's APP1 segment, written by hand: sharp's withXmp would re-encode the picture.

export const XMP_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
/** An APP1 segment holds at most 65,533 bytes after its length. */
export const XMP_MAX = 65_533 - XMP_HEADER.length;
const NS = 'urn:atelier:provenance:1';

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#(\d+)|#x([0-9a-fA-F]+));/g, (_m, name: string, dec?: string, hex?: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[name] ?? '';
  });

/** An XMP packet naming Atelier as the tool, the prompt as description and the provenance JSON. */
export function xmpPacket(json: string, description: string | null): string {
  const desc = description
    ? `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(description)}</rdf:li></rdf:Alt>` +
      `</dc:description>`
    : '';
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    `<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" ` +
    `xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atelier="${NS}">` +
    `<xmp:CreatorTool>Atelier</xmp:CreatorTool>${desc}<atelier:provenance>${escapeXml(json)}</atelier:provenance>` +
    '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
  );
}

/** The provenance JSON text of an XMP packet, or null when it has none. */
export function provenanceOfXmp(xmp: string): string | null {
  const m = /<atelier:provenance>([\s\S]*?)<\/atelier:provenance>/.exec(xmp);
  return m?.[1] === undefined ? null : unescapeXml(m[1]);
}

const isXmp = (jpeg: Buffer, at: number, length: number) =>
  jpeg[at + 1] === 0xe1 &&
  length >= XMP_HEADER.length + 2 &&
  jpeg.subarray(at + 4, at + 4 + XMP_HEADER.length).equals(XMP_HEADER);

/** The segments before the image data: [start, end, marker]; throws in words on a file that is not a JPEG. */
function jpegHeadSegments(jpeg: Buffer): { start: number; end: number; marker: number }[] {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('This is not a JPEG file.');
  const out: { start: number; end: number; marker: number }[] = [];
  for (let at = 2; at + 4 <= jpeg.length;) {
    if (jpeg[at] !== 0xff) throw new Error('The JPEG file is damaged.');
    const marker = jpeg[at + 1] as number;
    if (marker === 0xda || marker === 0xd9) break; // the image data starts: no metadata after it
    const end = at + 2 + jpeg.readUInt16BE(at + 2);
    if (end > jpeg.length) throw new Error('The JPEG file is cut short.');
    out.push({ start: at, end, marker });
    at = end;
  }
  return out;
}

/** The JPEG with this XMP packet in an APP1 segment after its JFIF/Exif ones; an XMP it had is replaced. */
export function withJpegXmp(jpeg: Buffer, xmp: string): Buffer {
  const packet = Buffer.from(xmp, 'utf8');
  if (packet.length > XMP_MAX) throw new Error('The XMP packet is too large for one JPEG segment.');
  const segments = jpegHeadSegments(jpeg);
  const len = Buffer.alloc(4);
  len.writeUInt16BE(0xffe1, 0);
  len.writeUInt16BE(2 + XMP_HEADER.length + packet.length, 2);
  const app1 = Buffer.concat([len, XMP_HEADER, packet]);
  let insertAt = 2;
  for (const s of segments) if (s.marker === 0xe0 || (s.marker === 0xe1 && insertAt === s.start)) insertAt = s.end;
  const drop = segments.filter((s) => isXmp(jpeg, s.start, s.end - s.start - 2));
  const parts: Buffer[] = [];
  let from = 0;
  for (const cut of [...drop, { start: insertAt, end: insertAt }].sort((a, b) => a.start - b.start)) {
    parts.push(jpeg.subarray(from, cut.start));
    if (cut.start === insertAt && cut.end === insertAt) parts.push(app1);
    from = Math.max(from, cut.end);
  }
  parts.push(jpeg.subarray(from));
  return Buffer.concat(parts);
}

/** The XMP packet of a JPEG's head, or null. */
export function jpegXmp(jpeg: Buffer): string | null {
  for (const s of jpegHeadSegments(jpeg))
    if (isXmp(jpeg, s.start, s.end - s.start - 2)) return jpeg.toString('utf8', s.start + 4 + XMP_HEADER.length, s.end);
  return null;
}
