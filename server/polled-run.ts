// A background run that several callers may ask for at once and a timer repeats: the mail outbox
// and the WhatsApp outbox (issue 56) each send what is due this way. Concurrent asks share one run;
// the timer does not keep the process alive; a stop waits for the run under way.
export class PolledRun<A extends unknown[] = []> {
  readonly #run: (...args: A) => Promise<void>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(run: (...args: A) => Promise<void>) {
    this.#run = run;
  }

  /** Runs now, or joins the run under way. */
  flush(...args: A): Promise<void> {
    this.#running ??= this.#run(...args).finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  /** Runs every `intervalMs` from now on (retries, and work queued by another instance). */
  start(intervalMs: number, ...args: A): void {
    this.#timer ??= setInterval(() => void this.flush(...args).catch(() => undefined), intervalMs);
    this.#timer.unref();
    void this.flush(...args).catch(() => undefined);
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }
}
