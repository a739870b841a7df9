/** Browser-mode wire format: requests carry an id; replies echo it with the result envelope. */
export interface BridgeRequest {
  id: number;
  channel: string;
  input: unknown;
}

/**
 * A parsed frame as a request, or null when it is not one: a whole non-negative id and a channel
 * name of at most 200 characters; the input is the contract's to check. Checked by hand, not by a
 * schema: it runs for every message, and a schema parse here cost about a tenth of a round trip.
 */
export function toBridgeRequest(value: unknown): BridgeRequest | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const id = 'id' in value ? value.id : undefined;
  const channel = 'channel' in value ? value.channel : undefined;
  const input = 'input' in value ? value.input : undefined;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return null;
  if (typeof channel !== 'string' || channel.length > 200) return null;
  return { id, channel, input };
}

export type BridgeMessage =
  { type: 'result'; id: number | null; result: unknown } | { type: 'event'; event: string; payload: unknown };

/** Largest WebSocket frame accepted; larger inputs still get a typed too_large answer from dispatch. */
export const MAX_FRAME_BYTES = 8 * 1024 * 1024;
