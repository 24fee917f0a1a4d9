// A background worker that does one job at a time (the image encoding queue, the e-mail outbox):
// woken when there may be work, every pollMs for what nobody announced (another server's, a retry's),
// it runs `runOne` until that says there was nothing to do; a wake while it runs makes it look again
// after. Stopping waits for the job under way.
export class SerialWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private timer: NodeJS.Timeout | undefined;

  /**
   * @param runOne does one job; false when there was none.
   * @param what names the worker in the log when the database fails it ("The outbox").
   */
  constructor(
    private readonly runOne: () => Promise<boolean>,
    private readonly pollMs: number,
    private readonly what: string,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Starts: at once (jobs left by a previous run), then on every wake() and every pollMs. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    // The worker never keeps a stopping process alive.
    this.timer.unref();
    this.wake();
  }

  /** Stops taking jobs; resolves once the one under way is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Runs the jobs that are ready, unless already at it (then it looks again after). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          while (!this.stopped && (await this.runOne())) {
            // one job at a time, until none is ready
          }
        } catch (error) {
          // The database failed the claim: the next wake or poll tries again.
          console.error(`${this.what} could not take a job; it tries again later:`, error);
        }
      } while (this.again && !this.stopped);
      this.running = null;
    })();
  }
}
