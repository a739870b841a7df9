import { z } from 'zod';

// The platform shows an "image" object in every AI body but not its contents; these are the sandbox's fields.

/** Media input: exactly one of data (base64 or data: URL) or url. */
export const mediaFields = {
  data: z.string().min(1).optional(),
  url: z.string().min(1).max(8192).optional(),
  mime_type: z.string().max(255).optional(),
};

export const oneSource = <T extends { data?: string | undefined; url?: string | undefined }>(value: T) =>
  (value.data === undefined) !== (value.url === undefined);

export const oneSourceMessage = { message: 'send exactly one of image.data (base64) or image.url' };

export const promptFields = {
  prompt: z.string().trim().min(1).max(4000),
  seed: z.int().min(0).max(2_147_483_647).optional(),
};

export const sizeFields = {
  width: z.int().min(16).max(2048).optional(),
  height: z.int().min(16).max(2048).optional(),
};

export const timingFields = {
  duration_s: z.number().min(0.5).max(10).optional(),
  fps: z.int().min(1).max(30).optional(),
};

export const videoSizeFields = {
  width: z.int().min(16).max(1280).optional(),
  height: z.int().min(16).max(720).optional(),
};

/** Media inputs, with any extra fields the caller sends kept but ignored. */
export const mediaImage = z.object(mediaFields).loose().refine(oneSource, oneSourceMessage);
