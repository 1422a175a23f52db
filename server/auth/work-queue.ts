// Work done after an answer is sent, one task at a time (e.g. the password-reset lookup and e-mail), so the
// answer takes the same time whatever the work finds. A failed task is logged, never dropped silently.
import type { FastifyBaseLogger } from 'fastify';
import { loggableError } from '#server/http/error-handler.ts';

export class WorkQueue {
  private tail: Promise<void> = Promise.resolve();
  private pendingCount = 0;

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /** Tasks queued and not yet finished. */
  get pending(): number {
    return this.pendingCount;
  }

  /** Runs `task` after every task queued before it; never throws to the caller. */
  enqueue(name: string, task: () => Promise<void>): void {
    this.pendingCount += 1;
    this.tail = this.tail
      .then(task)
      .catch((error: unknown) => this.log.error({ err: loggableError(error), task: name }, 'queued work failed'))
      .finally(() => {
        this.pendingCount -= 1;
      });
  }

  /** Resolves when every task queued so far has finished (at shutdown, before the database closes). */
  async drain(): Promise<void> {
    while (this.pendingCount > 0) await this.tail;
  }
}
