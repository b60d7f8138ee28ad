import type { DbOrTx } from '../db/client.js';

/** What a subscriber does with an event: its part of the change, in the publisher's transaction. */
export type EventHandler<P> = (tx: DbOrTx, payload: P) => Promise<void>;

/**
 * What a module that publishes events is given: `publish(tx, name, payload)` runs every subscriber of
 * `name` in `tx`, one after another in the order they subscribed, and resolves when all have; a
 * subscriber's error rolls the publisher's transaction back with it. A module declares the events it
 * publishes as a type in its index.ts (`{ 'contact.tags-added': TagsAdded }`) and asks for a
 * `Publisher` of them.
 */
export type Publisher<Events> = {
  publish: (tx: DbOrTx, ...event: EventOf<Events>) => Promise<void>;
};

/** An event as its name and payload: one of these pairs (so a bus of more events is a publisher of fewer). */
type EventOf<Events> = { [K in keyof Events & string]: [name: K, payload: Events[K]] }[keyof Events & string];

/**
 * Domain events within one process (docs/architecture.md, "The composition root"): a module tells what
 * happened ("a contact gained tags", "an owner was disabled") instead of calling the module that acts
 * on it, so the dependency points from the subscriber to the publisher, as lint and the docs show it.
 * The composition root creates one, hands it to the publishers and subscribes the others once at
 * start; subscribing after the first publish is refused, so no event meets half its subscribers.
 */
export const createDomainEvents = <Events>() => {
  const handlers = new Map<keyof Events, EventHandler<never>[]>();
  let published = false;
  return {
    subscribe: <K extends keyof Events & string>(name: K, handler: EventHandler<Events[K]>) => {
      if (published) throw new Error(`subscribed to ${name} after the first event was published`);
      handlers.set(name, [...(handlers.get(name) ?? []), handler as EventHandler<never>]);
    },
    publish: async (tx: DbOrTx, ...[name, payload]: EventOf<Events>) => {
      published = true;
      for (const handler of handlers.get(name) ?? []) await (handler as EventHandler<unknown>)(tx, payload);
    },
  };
};
