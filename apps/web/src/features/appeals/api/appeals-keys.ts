/** Query keys of this feature; any change to an appeal reads everything under `all` again. */
export const appealsKeys = {
  all: ['appeals'] as const,
  list: (query: object) => [...appealsKeys.all, 'list', query] as const,
  openCount: () => [...appealsKeys.all, 'open-count'] as const,
  /** Per user: a second employee signing in on the same tab never sees the first one's appeals. */
  mine: (userId: string) => [...appealsKeys.all, 'mine', userId] as const,
  one: (id: string) => [...appealsKeys.all, 'one', id] as const,
};
