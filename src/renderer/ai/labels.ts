import type { AiJobState, AiJobView, AiProgress } from '../../shared/ai';
import type { AiOperation } from '../../shared/profile';

/** What each operation is called on screen. */
export const operationLabels: Record<AiOperation, string> = {
  text2image: 'Text to image',
  text2video: 'Text to video',
  image2image: 'Image to image',
  image2video: 'Image to video',
  image2text: 'Image to text',
  video2video: 'Video to video',
  video2text: 'Video to text',
  wave2text: 'Audio to text',
};

/** The picker's order: by what people start from (text, then image, video, audio). */
export const operationOrder: readonly AiOperation[] = [
  'text2image',
  'text2video',
  'image2image',
  'image2video',
  'image2text',
  'video2video',
  'video2text',
  'wave2text',
];

export const stateLabels: Record<AiJobState, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const phaseLabels: Record<AiProgress['phase'], string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  generating: 'Generating',
  polling: 'Waiting for the platform',
  receiving: 'Receiving',
  done: 'Done',
};

/** An input kind in a sentence ("This operation takes an image"). */
export const inputKindNouns = {
  text: 'a prompt',
  image: 'an image',
  video: 'a video',
  audio: 'an audio file',
} as const;

/**
 * An accepted job the platform did not report as failed is asked about again on Retry, never
 * sent again; anything else goes to the platform again and may be billed again.
 */
export function retryLabel(job: Pick<AiJobView, 'remoteJobId' | 'error' | 'state'>): string {
  return job.state === 'failed' && job.remoteJobId !== null && job.error?.code !== 'denied'
    ? 'Retry (asks about the same job)'
    : 'Retry (may be billed again)';
}
