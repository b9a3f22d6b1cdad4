let clock = 0;

/** A point in the order of events that `FreshProbe.after` compares probes' starts with. */
export function tick(): number {
  clock += 1;
  return clock;
}

/**
 * One question to a server, asked once for any number of callers: `after(since)` resolves once a
 * probe that started after `since` has answered, so the answer reflects everything that happened
 * before `since` (the write whose token a request brings). A caller whose moment an answered or
 * running probe already covers shares it; the others share the next probe, which starts when the
 * running one ends: at most one runs and one waits, however many callers come.
 */
export class FreshProbe {
  private answered = 0;
  private running: { readonly start: number; readonly done: Promise<void> } | undefined;
  private queued: Promise<void> | undefined;

  /** `probe`'s answer is its side effect; a failed probe counts as answered too. */
  constructor(private readonly probe: () => Promise<unknown>) {}

  after(since: number): Promise<void> {
    if (this.answered > since) return Promise.resolve();
    if (this.running === undefined) return this.start();
    if (this.running.start > since) return this.running.done;
    this.queued ??= this.running.done.then(() => {
      this.queued = undefined;
      return this.start();
    });
    return this.queued;
  }

  private start(): Promise<void> {
    const start = tick();
    const done = this.probe().then(
      () => undefined,
      () => undefined,
    );
    const running = {
      start,
      done: done.then(() => {
        if (start > this.answered) this.answered = start;
        if (this.running === running) this.running = undefined;
      }),
    };
    this.running = running;
    return running.done;
  }
}
