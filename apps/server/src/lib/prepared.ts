/**
 * Hot statements built once (docs/operations.md, "Where a list request's CPU goes"). Drizzle builds a
 * statement's SQL text, and pg its query object, on every call: a quarter of a list request's CPU. A list
 * whose statements take a few shapes (its sort, whether a search, a filter or a cursor is given) builds
 * each shape the first time it is asked for, with `sql.placeholder` for every value, as named prepared
 * statements; later calls only bind their values, and PostgreSQL parses each once per connection.
 *
 * `statementsOf(db, shape, build)` answers the statements of `shape` on that handle: a transaction gets
 * statements of its own, since they run on its connection. `build` names each statement with `name(part)`,
 * one name per shape and part for the whole process (pg refuses one name for two different texts).
 */
export const preparedShapes = <T>(prefix: string) => {
  const byDb = new WeakMap<object, Map<string, T>>();
  const ids = new Map<string, number>();
  return (db: object, shape: string, build: (name: (part: string) => string) => T): T => {
    let shapes = byDb.get(db);
    if (!shapes) {
      shapes = new Map();
      byDb.set(db, shapes);
    }
    let statements = shapes.get(shape);
    if (!statements) {
      let id = ids.get(shape);
      if (id === undefined) {
        id = ids.size;
        ids.set(shape, id);
      }
      const shapeId = id;
      statements = build((part) => `${prefix}_${part}_${shapeId}`);
      shapes.set(shape, statements);
    }
    return statements;
  };
};
