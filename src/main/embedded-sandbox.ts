import type { EmbeddedStarter } from './core/ports';

/**
 * The app's "Sandbox" connection: the local platform in this process, on a free loopback port, its data beside the
 * app's.
 */
export function embeddedSandbox(dataDir: string): EmbeddedStarter {
  return async () => {
    // Loaded when first used, not at every start: most starts never need the local platform.
    const { startSandbox } = await import('../sandbox');
    const sandbox = await startSandbox({ port: 0, dataDir });
    return { url: sandbox.url, demo: sandbox.demo, stop: () => sandbox.stop() };
  };
}
