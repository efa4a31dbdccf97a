import { p } from '@mikro-orm/core';

/** Column shapes every table repeats, defined once. */
export const serialId = () => p.integer().primary().autoincrement();

/** Set by the database (and the ORM) when the row is inserted. */
export const insertTime = () =>
  p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date());

/** Set at insert and again at every ORM update; raw updates set it themselves. */
export const updateTime = () =>
  p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date())
    .onUpdate(() => new Date());

/** The five attachment tables of docs/product-spec.md section 3 share these columns after their parent reference. */
export const storedFileColumns = () => ({
  // Indexed: serving a file checks who may read it by its name (Migration20261126162344).
  filename: p.string().length(255).index(),
  originalName: p.string().length(255),
  mimeType: p.string().length(50),
  size: p.integer(),
  uploadedAt: insertTime(),
});
