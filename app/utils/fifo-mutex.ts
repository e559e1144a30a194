/**
 * A first-in, first-out async lock: `acquire()` resolves when every earlier caller has released.
 * The data layer's writer lock (app/utils/db.server.ts, docs/decisions/0102-async-data-layer.md):
 * a unit of work holds it from BEGIN to COMMIT, across its awaits. Release hands the lock straight
 * to the next waiter, so a newcomer can never overtake the queue.
 */
export class FifoMutex {
  #isHeld = false;
  readonly #waiting: Array<() => void> = [];

  /** Resolves once the lock is this caller's; call `release()` exactly once afterwards. */
  acquire(): Promise<void> {
    if (!this.#isHeld) {
      this.#isHeld = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /**
   * Like `acquire`, but gives up after `timeoutMs` in the queue: resolves true once the lock is this
   * caller's (then `release()` it), false when the wait ran out (the caller left the queue; nothing to
   * release). For writes a page can do without (docs/decisions/0101-pages-never-fail-on-bookkeeping-writes.md).
   */
  acquireWithin(timeoutMs: number): Promise<boolean> {
    if (!this.#isHeld) {
      this.#isHeld = true;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const index = this.#waiting.indexOf(waiter);
        if (index < 0) return;
        this.#waiting.splice(index, 1);
        resolve(false);
      }, timeoutMs);
      this.#waiting.push(waiter);
    });
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#isHeld = false;
  }

  /** Runs `work` holding the lock, releasing it however `work` ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  get isHeld(): boolean {
    return this.#isHeld;
  }
}
