/** Background work that outlives its request (asynchronous AI jobs); stop() ends it before the database closes. */
export function createJobRunner(log: (line: string) => void) {
  const controller = new AbortController();
  const pending = new Set<Promise<void>>();
  return {
    /** Starts work on the next turn of the event loop, so a job is seen "queued" first. */
    run(work: (signal: AbortSignal) => Promise<void>): void {
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => (controller.signal.aborted ? undefined : work(controller.signal)))
        .catch((error: unknown) =>
          log(`background job failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },

    async stop(): Promise<void> {
      controller.abort(new Error('sandbox stopping'));
      await Promise.allSettled([...pending]);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
