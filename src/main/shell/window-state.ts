import type { Rectangle } from 'electron';
import { z } from 'zod';

export const WindowState = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(20000),
  height: z.number().int().min(300).max(20000),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof WindowState>;

export const defaultWindowState: WindowState = { width: 1280, height: 820, maximized: false };

/** Restore a saved state only if it still lands on a connected display; otherwise centre a default window. */
export function restoreWindowState(saved: unknown, displays: Rectangle[]): WindowState {
  const parsed = WindowState.safeParse(saved);
  if (!parsed.success) return { ...defaultWindowState };
  const s = parsed.data;
  if (s.x === undefined || s.y === undefined) return s;
  const { x, y } = s;
  const visible = displays.some((d) => x + 100 > d.x && x < d.x + d.width - 100 && y >= d.y && y < d.y + d.height - 50);
  return visible ? s : { width: s.width, height: s.height, maximized: s.maximized };
}
