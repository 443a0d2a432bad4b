/**
 * Writes of one kind that arrive together are made together (ADR 036): while one batch is being written,
 * the next gathers whatever arrives, and goes as one statement as soon as the first is done. Nothing waits
 * for a timer: alone, a write goes at once; under load, each statement carries everything that arrived
 * during the one before, so the database does one statement's fixed work (its triggers, the kept counts'
 * row lock, its commit and notification) per batch instead of per write.
 *
 * A batch that fails is written again one by one, so one bad write (an account deleted meanwhile) fails
 * alone and the others are kept.
 */
export class WriteBatch<In, Out> {
  private gathering: Array<{ item: In; resolve: (out: Out) => void; reject: (error: unknown) => void }> = [];
  private writing = false;

  /**
   * @param write writes the items as one statement and answers their results in the same order.
   * @param most the most items in one statement.
   */
  constructor(
    private readonly write: (items: In[]) => Promise<Out[]>,
    private readonly most = 100,
  ) {}

  /** Writes `item` with whatever else is waiting; resolves with its own result. */
  add(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.gathering.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain() {
    this.writing = true;
    try {
      while (this.gathering.length > 0) {
        const batch = this.gathering.splice(0, this.most);
        try {
          const results = await this.write(batch.map((entry) => entry.item));
          for (const [index, entry] of batch.entries()) entry.resolve(results[index] as Out);
        } catch (error) {
          if (batch.length === 1) batch[0]?.reject(error);
          else
            await Promise.all(
              batch.map(async (entry) => {
                try {
                  const [result] = await this.write([entry.item]);
                  entry.resolve(result as Out);
                } catch (alone) {
                  entry.reject(alone);
                }
              }),
            );
        }
      }
    } finally {
      this.writing = false;
    }
  }
}

/**
 * One WriteBatch per database (or other owner), made when first written to: `write` writes a batch for
 * its owner. Answers the function that adds an item to its owner's batch.
 */
export function batchedPer<Owner extends object, In, Out>(
  write: (owner: Owner, items: In[]) => Promise<Out[]>,
): (owner: Owner, item: In) => Promise<Out> {
  const batches = new WeakMap<Owner, WriteBatch<In, Out>>();
  return (owner, item) => {
    let batch = batches.get(owner);
    if (!batch) {
      batch = new WriteBatch((items) => write(owner, items));
      batches.set(owner, batch);
    }
    return batch.add(item);
  };
}
