import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../src/db/client.js';
import { createDomainEvents, type Publisher } from '../src/lib/domain-events.js';

type Events = { 'thing.made': { id: string }; 'thing.gone': { id: string; why: string } };
const tx = {} as DbOrTx;

describe('domain events', () => {
  it('runs every subscriber of an event in the publisher’s transaction, in the order subscribed', async () => {
    const events = createDomainEvents<Events>();
    const heard: string[] = [];
    events.subscribe('thing.made', async (t, e) => {
      expect(t).toBe(tx);
      await new Promise((r) => setTimeout(r, 5));
      heard.push(`first ${e.id}`);
    });
    events.subscribe('thing.made', async (_, e) => {
      heard.push(`second ${e.id}`);
    });
    events.subscribe('thing.gone', async (_, e) => {
      heard.push(`gone ${e.why}`);
    });
    // A module is given a publisher of its own events only.
    const publisher: Publisher<Pick<Events, 'thing.made'>> = events;
    await publisher.publish(tx, 'thing.made', { id: 'a' });
    expect(heard).toEqual(['first a', 'second a']);
  });

  it('fails the publish with the subscriber’s error, so the change rolls back with it', async () => {
    const events = createDomainEvents<Events>();
    const after: string[] = [];
    events.subscribe('thing.gone', async () => {
      throw new Error('cannot');
    });
    events.subscribe('thing.gone', async () => {
      after.push('ran');
    });
    await expect(events.publish(tx, 'thing.gone', { id: 'a', why: 'x' })).rejects.toThrow('cannot');
    expect(after).toEqual([]);
  });

  it('publishes an event nobody hears without complaint, and refuses a subscription after the first publish', async () => {
    const events = createDomainEvents<Events>();
    await events.publish(tx, 'thing.made', { id: 'a' });
    expect(() => events.subscribe('thing.made', async () => undefined)).toThrow(/after the first event/);
  });
});
