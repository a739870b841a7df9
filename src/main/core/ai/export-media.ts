import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AiJobDetail } from '../../../shared/ai';
import type { BlobStore } from '../library/files/blob-store';
import type { MediaTools } from '../media/media-tools';
import { embedInImage, embedInMp4, mediaProvenanceOf, scratchDir } from './provenance-embed';

type Source = string | Buffer | AsyncIterable<Uint8Array>;

/**
 * Hand `write` an output's file for export, verified against its hash, with the job's provenance
 * inside where the format has room (PNG, JPEG, MP4). When the metadata cannot be written (no
 * ffmpeg, an odd file) the file goes out as it is: the .provenance.json beside it still tells.
 */
export async function mediaFileSource(
  job: AiJobDetail,
  output: AiJobDetail['outputs'][number],
  blobs: BlobStore,
  tools: MediaTools,
  write: (source: Source) => Promise<void>,
): Promise<void> {
  const prov = mediaProvenanceOf(job);
  if (output.mimeType === 'image/png' || output.mimeType === 'image/jpeg') {
    const data = await blobs.readVerified(output.sha256);
    let withIt = data;
    try {
      withIt = embedInImage(data, output.mimeType, prov);
    } catch {
      // A file the chunk walker does not follow is exported untouched.
    }
    return write(withIt);
  }
  if (output.mimeType !== 'video/mp4' || !tools.ffmpeg) return write(blobs.openVerified(output.sha256));
  const scratch = await scratchDir();
  try {
    const plain = path.join(scratch.dir, 'in.mp4');
    const tagged = path.join(scratch.dir, 'out.mp4');
    await pipeline(blobs.openVerified(output.sha256), createWriteStream(plain));
    const ok = await embedInMp4(plain, tagged, prov, tools).then(
      () => true,
      () => false,
    );
    await write(createReadStream(ok ? tagged : plain));
  } finally {
    await scratch.done();
  }
}
