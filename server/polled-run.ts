// A background run that several callers may ask for at once and a timer repeats: the mail outbox
// and the WhatsApp outbox (issue 56) each send what is due this way. Asks during a run share one more;
// the timer does not keep the process alive; a stop waits for the run under way.
export class PolledRun<A extends unknown[] = []> {
  readonly #run: (...args: A) => Promise<void>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #next: Promise<void> | undefined;

  constructor(run: (...args: A) => Promise<void>) {
    this.#run = run;
  }

  /**
   * Runs now; asked during a run, runs once more after it (all such asks share that one): the run
   * under way read what was due before the ask, so work queued since (a notice's last messages)
   * would otherwise wait for the next tick.
   */
  flush(...args: A): Promise<void> {
    if (this.#running) {
      this.#next ??= this.#running
        .catch(() => undefined)
        .then(() => {
          this.#next = undefined;
          return this.flush(...args);
        });
      return this.#next;
    }
    this.#running = this.#run(...args).finally(() => {
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
    await this.#next;
  }
}
