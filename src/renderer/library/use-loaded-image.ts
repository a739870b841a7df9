import { useEffect, useState } from 'react';

/**
 * Load and decode an image off-screen first: the <img> is only put in the page once it can be
 * painted at once (no half-drawn or broken thumbnails while scrolling). 'failed' when it cannot.
 */
export function useLoadedImage(src: string | null): 'loading' | 'ready' | 'failed' | null {
  const [state, setState] = useState<{ src: string; done: 'ready' | 'failed' } | null>(null);
  useEffect(() => {
    if (!src) return undefined;
    let live = true;
    const img = new Image();
    img.decoding = 'async';
    img.src = src;
    img.decode().then(
      () => live && setState({ src, done: 'ready' }),
      () => live && setState({ src, done: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [src]);
  if (!src) return null;
  return state?.src === src ? state.done : 'loading';
}
