import { z } from 'zod';

/** Browser-mode wire format: requests carry an id; replies echo it with the result envelope. */
export const BridgeRequest = z.object({
  id: z.number().int().nonnegative(),
  channel: z.string().max(200),
  input: z.unknown(),
});
export type BridgeRequest = z.infer<typeof BridgeRequest>;

export type BridgeMessage =
  { type: 'result'; id: number | null; result: unknown } | { type: 'event'; event: string; payload: unknown };

/** Largest WebSocket frame accepted; larger inputs still get a typed too_large answer from dispatch. */
export const MAX_FRAME_BYTES = 8 * 1024 * 1024;
